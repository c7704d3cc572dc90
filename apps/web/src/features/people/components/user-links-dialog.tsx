import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { CatalogueChoice } from '@portal/domain/catalogue/catalogue';
import { MANAGE_USER_MESSAGES } from '@portal/domain/people/manage-user';
import type { UserDetail } from '@portal/domain/people/user-detail';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { CataloguePicker } from '../../../components/catalogue-picker';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useLinkOptions, useUpdateLinks } from '../api/manage-user';
import { useNotify } from './notify';

type Selection = CatalogueChoice;

interface Props {
  user: UserDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Suppliers and Product Types (+ Deals for admins, spec 1 §6). Supplier choices follow the chosen
 * product types; unchecking a product type removes suppliers and deals no longer valid.
 */
export function UserLinksDialog({ user, open, onClose }: Props) {
  const withDeals = user.permissions.canChooseDeals;
  const options = useLinkOptions(user.id, open);
  const update = useUpdateLinks(user.id);
  const notify = useNotify();
  const isMobile = useIsMobile();
  const initial = useMemo<Selection>(
    () => ({
      productTypeIds: user.productTypes.map((item) => item.id),
      supplierIds: user.suppliers.map((item) => item.id),
      dealIds: user.deals.map((item) => item.id),
    }),
    [user],
  );
  const [selection, setSelection] = useState<Selection>(initial);
  useEffect(() => {
    if (open) setSelection(initial);
  }, [open, initial]);

  const title = withDeals ? 'Suppliers, Product Types and Deals' : 'Suppliers and Product Types';

  let body: ReactNode;
  if (options.isPending) body = <PageLoader label="Loading suppliers and product types…" />;
  else if (options.isError)
    body = <Alert severity="error">{`${MANAGE_USER_MESSAGES.linksLoadFailed}: ${errorMessage(options.error)}`}</Alert>;
  else {
    body = (
      <CataloguePicker
        choices={options.data}
        value={selection}
        onChange={setSelection}
        withDeals={withDeals}
        layout="stack"
      />
    );
  }

  return (
    <Dialog
      open={open}
      onClose={update.isPending ? undefined : onClose}
      fullScreen={isMobile}
      maxWidth="sm"
      fullWidth
      aria-labelledby="links-title"
    >
      <DialogTitle id="links-title">{title}</DialogTitle>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!options.data}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              {
                productTypeIds: selection.productTypeIds,
                supplierIds: selection.supplierIds,
                ...(withDeals ? { dealIds: selection.dealIds } : {}),
              },
              {
                onSuccess: (answer) => {
                  notify.success(answer.message);
                  onClose();
                },
                onError: (error) => notify.failure(MANAGE_USER_MESSAGES.updateFailed, error),
              },
            )
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
