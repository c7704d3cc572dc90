import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import {
  type LinkOptions,
  MANAGE_USER_MESSAGES,
  pruneLinks,
  suppliersOffering,
} from '@portal/domain/people/manage-user';
import type { UserDetail } from '@portal/domain/people/user-detail';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api';
import { useLinkOptions, useUpdateLinks } from '../api/manage-user';
import { useNotify } from './notify';

interface Selection {
  productTypeIds: number[];
  supplierIds: number[];
  dealIds: number[];
}

function toggle(ids: number[], id: number, on: boolean): number[] {
  return on ? [...new Set([...ids, id])] : ids.filter((existing) => existing !== id);
}

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children.length ? (
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</FormGroup>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
    </Box>
  );
}

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

  const choose = (data: LinkOptions, next: Selection) => setSelection(pruneLinks(data, next));
  const title = withDeals ? 'Suppliers, Product Types and Deals' : 'Suppliers and Product Types';

  let body: ReactNode;
  if (options.isPending) body = <PageLoader label="Loading suppliers and product types…" />;
  else if (options.isError)
    body = <Alert severity="error">{`${MANAGE_USER_MESSAGES.linksLoadFailed}: ${errorMessage(options.error)}`}</Alert>;
  else {
    const data = options.data;
    const offered = suppliersOffering(data.suppliers, selection.productTypeIds);
    const deals = data.deals.filter(
      (deal) =>
        selection.supplierIds.includes(deal.supplierId) && selection.productTypeIds.includes(deal.productTypeId),
    );
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section title="Product types" empty="No product types available">
          {data.productTypes.map((type) => (
            <FormControlLabel
              key={type.id}
              label={type.name}
              control={
                <Checkbox
                  checked={selection.productTypeIds.includes(type.id)}
                  onChange={(_event, on) =>
                    choose(data, { ...selection, productTypeIds: toggle(selection.productTypeIds, type.id, on) })
                  }
                />
              }
            />
          ))}
        </Section>
        <Section title="Suppliers" empty="Choose a product type to see its suppliers">
          {offered.map((supplier) => (
            <FormControlLabel
              key={supplier.id}
              label={supplier.name}
              control={
                <Checkbox
                  checked={selection.supplierIds.includes(supplier.id)}
                  onChange={(_event, on) =>
                    choose(data, { ...selection, supplierIds: toggle(selection.supplierIds, supplier.id, on) })
                  }
                />
              }
            />
          ))}
        </Section>
        {withDeals ? (
          <Section title="Deals" empty="Choose a supplier to see its deals">
            {deals.map((deal) => (
              <FormControlLabel
                key={deal.id}
                label={deal.name}
                control={
                  <Checkbox
                    checked={selection.dealIds.includes(deal.id)}
                    onChange={(_event, on) =>
                      choose(data, { ...selection, dealIds: toggle(selection.dealIds, deal.id, on) })
                    }
                  />
                }
              />
            ))}
          </Section>
        ) : null}
      </Box>
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
