import { zodResolver } from '@hookform/resolvers/zod';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  type AssistRecipient,
  type CatalogueReferences,
  isLogoAddress,
  type SupplierDetail,
  type SupplierFormValues,
  SupplierRequest,
} from '@portal/domain/catalogue/suppliers';
import { TICKET_KINDS, type TicketKind } from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { type Control, Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { access } from '../../../app/access';
import { FormNativeSelect, FormTextField } from '../../../components/form-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isApiError } from '../../../lib/api';
import { adminSupplierPath, paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useCatalogueReferences, useSaveSupplier, useSetSupplierBanner, useSupplier } from '../api/catalogue';
import { BannerDialog } from '../components/banner-dialog';
import { RecipientPicker } from '../components/recipient-picker';

/** Spec 3 §9: the supplier error snackbar stays 3 seconds. */
const ERROR_SNACKBAR_MS = 3000;

/**
 * Decisions 068 and 078: each assist e-mail list is its helpdesk console's to change, and names
 * holders of its flag; without the flag the list is shown read-only, saying who may change it.
 */
export const RECIPIENT_FIELDS = {
  sales_assist: {
    field: 'salesAssistRecipientIds',
    label: 'Sales Assist recipients',
    helperText: 'Admins with the Sales Assist flag, e-mailed about new sales assist leads',
    readOnlyText: 'Only an admin with the Sales Assist flag can change these recipients',
    mayEdit: access.salesAssistAdmin,
  },
  agent_support: {
    field: 'agentSupportRecipientIds',
    label: 'Agent Support recipients',
    helperText: 'Admins with the Agent Support flag, e-mailed about new agent support tickets',
    readOnlyText: 'Only an admin with the Agent Support flag can change these recipients',
    mayEdit: access.agentSupportAdmin,
  },
} as const;

function initialValues(references: CatalogueReferences, supplier: SupplierDetail | undefined): SupplierFormValues {
  return {
    supplierName: supplier?.supplierName ?? '',
    supplierDescription: supplier?.supplierDescription ?? '',
    supplierStatus: supplier ? String(supplier.supplierStatus) : '',
    logoUrl: supplier?.logoUrl ?? '',
    regex: supplier?.regex ?? '',
    orderNotes: supplier?.orderNotes ?? false,
    orderNotesName: supplier?.orderNotesName ?? '',
    reports: supplier?.reports ?? false,
    reportsName: supplier?.reportsName ?? '',
    reportsDisplayName: supplier?.reportsDisplayName ?? '',
    customPage: supplier?.customPage ?? false,
    customPageUrl: supplier?.customPageUrl ?? '',
    leaderboard: supplier?.leaderboard ?? true,
    salesAssist: supplier?.salesAssist ?? false,
    salesAssistText: supplier?.salesAssistText ?? '',
    agentAssist: supplier?.agentAssist ?? false,
    agentAssistText: supplier?.agentAssistText ?? '',
    productTypeIds: supplier?.productTypeIds ?? [],
    // One contact per contact type, the required ones marked (spec 3 §3.3, §5.5).
    contacts: references.contactTypes.map((type) => {
      const saved = supplier?.contacts.find((contact) => contact.contactTypeId === type.id);
      return {
        contactTypeId: type.id,
        isRequired: type.isRequired,
        contactFirstName: saved?.contactFirstName ?? '',
        contactSurname: saved?.contactSurname ?? '',
        contactEmail: saved?.contactEmail ?? '',
        contactNumber: saved?.contactNumber ?? '',
      };
    }),
    salesAssistRecipientIds: supplier?.salesAssistRecipients.map((user) => user.id) ?? [],
    agentSupportRecipientIds: supplier?.agentSupportRecipients.map((user) => user.id) ?? [],
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the form's output type differs from its input type
type FormControlOf = Control<SupplierFormValues, any, any>;

function SwitchField({
  control,
  name,
  label,
}: {
  control: FormControlOf;
  name: Path<SupplierFormValues>;
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
      <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 1 }}>{children}</AccordionDetails>
    </Accordion>
  );
}

function SupplierForm({
  references,
  supplier,
}: {
  references: CatalogueReferences;
  supplier: SupplierDetail | undefined;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const user = useSignedInUser();
  const save = useSaveSupplier();
  const setBanner = useSetSupplierBanner();
  const [bannerOpen, setBannerOpen] = useState(false);
  const [banner, setBannerAddress] = useState(supplier?.bannerUrl ?? '');
  const [recipients, setRecipients] = useState<Record<TicketKind, AssistRecipient[]>>({
    sales_assist: supplier?.salesAssistRecipients ?? [],
    agent_support: supplier?.agentSupportRecipients ?? [],
  });
  const { control, handleSubmit, setValue, setError, formState } = useForm<
    SupplierFormValues,
    unknown,
    SupplierRequest
  >({
    resolver: zodResolver(SupplierRequest),
    defaultValues: initialValues(references, supplier),
  });
  const [orderNotes, reports, customPage, salesAssist, agentAssist, logoUrl] = useWatch({
    control,
    name: ['orderNotes', 'reports', 'customPage', 'salesAssist', 'agentAssist', 'logoUrl'],
  });

  const failed = (step: string, error: unknown) =>
    enqueueSnackbar(`${step}: ${errorMessage(error)}`, { variant: 'error', autoHideDuration: ERROR_SNACKBAR_MS });

  const submit = handleSubmit(async (values) => {
    let id: number;
    try {
      id = (await save.mutateAsync({ ...(supplier ? { id: supplier.id } : {}), body: values })).id;
    } catch (error) {
      if (isApiError(error)) {
        for (const field of error.fieldErrors)
          setError(field.field as Path<SupplierFormValues>, { message: field.message });
      }
      failed(supplier ? 'Failed to update supplier' : 'Failed to create supplier', error);
      return;
    }
    // A banner chosen while adding is saved once the supplier exists.
    const fileId = banner && banner !== (supplier?.bannerUrl ?? '') ? banner.split('/').pop() : undefined;
    if (fileId) {
      try {
        await setBanner.mutateAsync({ supplierId: id, fileId });
      } catch (error) {
        failed('Failed to save supplier banner', error);
      }
    }
    enqueueSnackbar(supplier ? 'Supplier Updated' : 'Supplier Created', { variant: 'success' });
    navigate(adminSupplierPath(id));
  });

  const saveBanner = (address: string) => {
    if (!supplier) {
      setBannerAddress(address);
      setBannerOpen(false);
      return;
    }
    setBanner.mutate(
      { supplierId: supplier.id, fileId: address.split('/').pop() ?? '' },
      {
        onSuccess: () => {
          setBannerAddress(address);
          setBannerOpen(false);
          enqueueSnackbar('Banner saved', { variant: 'success' });
        },
        onError: (error) => failed('Failed to save supplier banner', error),
      },
    );
  };

  const hasErrors = Object.keys(formState.errors).length > 0;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {hasErrors && formState.isSubmitted ? (
        <Alert severity="error">Please correct the highlighted fields.</Alert>
      ) : null}
      <Box>
        <Section title="General Information">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField control={control} name="supplierName" label="Supplier name" required fullWidth />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormNativeSelect
                control={control}
                name="supplierStatus"
                label="Status"
                required
                fullWidth
                emptyLabel="Select a status"
                options={references.supplierStatuses.map((status) => ({
                  value: String(status.id),
                  label: status.name,
                }))}
              />
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="supplierDescription"
                label="Description"
                required
                fullWidth
                multiline
                minRows={2}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                control={control}
                name="logoUrl"
                label="Logo URL"
                required
                fullWidth
                placeholder="https://…/logo.png"
                slotProps={{ htmlInput: { inputMode: 'url' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Box
                sx={{
                  width: 96,
                  height: 56,
                  border: '1px solid',
                  borderColor: 'divider',
                  borderRadius: 1,
                  display: 'grid',
                  placeItems: 'center',
                  overflow: 'hidden',
                  bgcolor: 'grey.50',
                  flexShrink: 0,
                }}
              >
                {typeof logoUrl === 'string' && isLogoAddress(logoUrl) ? (
                  <Box component="img" src={logoUrl} alt="Logo preview" sx={{ maxWidth: '100%', maxHeight: 56 }} />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    Logo
                  </Typography>
                )}
              </Box>
              <Button variant="outlined" startIcon={<ImageRoundedIcon />} onClick={() => setBannerOpen(true)}>
                {banner ? 'Change Banner' : 'Add Banner'}
              </Button>
            </Grid>
            {banner ? (
              <Grid size={12}>
                <Box
                  component="img"
                  src={banner}
                  alt="Supplier banner"
                  sx={{ width: '100%', maxHeight: 140, objectFit: 'cover', borderRadius: 1 }}
                />
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={control}
                name="regex"
                label="Order number pattern"
                fullWidth
                helperText="A regular expression, e.g. ^MFC-\d{6}$"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <SwitchField control={control} name="leaderboard" label="Show on the leaderboard" />
            </Grid>
            <Grid size={12}>
              <Controller
                name="productTypeIds"
                control={control}
                render={({ field, fieldState }) => {
                  const chosen = new Set((field.value as number[] | undefined) ?? []);
                  return (
                    <FormControl component="fieldset" error={fieldState.invalid}>
                      <FormLabel component="legend">Product types offered</FormLabel>
                      <FormGroup row>
                        {references.productTypes.map((type) => (
                          <FormControlLabel
                            key={type.id}
                            label={type.name}
                            control={
                              <Checkbox
                                checked={chosen.has(type.id)}
                                onChange={(event) =>
                                  field.onChange(
                                    event.target.checked
                                      ? [...chosen, type.id]
                                      : [...chosen].filter((id) => id !== type.id),
                                  )
                                }
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                      {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
                    </FormControl>
                  );
                }}
              />
            </Grid>
          </Grid>
        </Section>
        <Section title="Contact Information">
          <Box sx={{ display: 'grid', gap: 3 }}>
            {references.contactTypes.map((type, index) => (
              <Box key={type.id} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                  {type.name} contact{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {type.isRequired ? '(required)' : '(optional)'}
                  </Typography>
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <FormTextField
                      control={control}
                      name={`contacts.${index}.contactFirstName`}
                      label={`${type.name} first name`}
                      required={type.isRequired}
                      fullWidth
                      autoComplete="off"
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <FormTextField
                      control={control}
                      name={`contacts.${index}.contactSurname`}
                      label={`${type.name} surname`}
                      required={type.isRequired}
                      fullWidth
                      autoComplete="off"
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <FormTextField
                      control={control}
                      name={`contacts.${index}.contactEmail`}
                      label={`${type.name} e-mail`}
                      required={type.isRequired}
                      fullWidth
                      type="email"
                      autoComplete="off"
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                    <FormTextField
                      control={control}
                      name={`contacts.${index}.contactNumber`}
                      label={`${type.name} number`}
                      required={type.isRequired}
                      fullWidth
                      type="tel"
                      placeholder="0821234567"
                      autoComplete="off"
                    />
                  </Grid>
                </Grid>
              </Box>
            ))}
          </Box>
        </Section>
        <Section title="Attributes">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <SwitchField control={control} name="orderNotes" label="Order notes" />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                control={control}
                name="orderNotesName"
                label="Order notes name"
                required={Boolean(orderNotes)}
                disabled={!orderNotes}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SwitchField control={control} name="reports" label="Reports" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField
                control={control}
                name="reportsName"
                label="Reports name"
                required={Boolean(reports)}
                disabled={!reports}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormTextField
                control={control}
                name="reportsDisplayName"
                label="Reports display name"
                disabled={!reports}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SwitchField control={control} name="customPage" label="Custom page" />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                control={control}
                name="customPageUrl"
                label="Custom page URL"
                required={Boolean(customPage)}
                disabled={!customPage}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SwitchField control={control} name="salesAssist" label="Sales assist" />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                control={control}
                name="salesAssistText"
                label="Sales assist text"
                disabled={!salesAssist}
                fullWidth
                multiline
                minRows={2}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SwitchField control={control} name="agentAssist" label="Agent assist" />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <FormTextField
                control={control}
                name="agentAssistText"
                label="Agent assist text"
                disabled={!agentAssist}
                fullWidth
                multiline
                minRows={2}
              />
            </Grid>
            {TICKET_KINDS.map((kind) => {
              const list = RECIPIENT_FIELDS[kind];
              const mayEdit = list.mayEdit(user);
              return (
                <Grid key={kind} size={{ xs: 12, md: 6 }}>
                  <RecipientPicker
                    kind={kind}
                    label={list.label}
                    helperText={mayEdit ? list.helperText : list.readOnlyText}
                    disabled={!mayEdit}
                    value={recipients[kind]}
                    error={formState.errors[list.field]?.message}
                    onChange={(next) => {
                      setRecipients((current) => ({ ...current, [kind]: next }));
                      setValue(
                        list.field,
                        next.map((recipient) => recipient.id),
                        { shouldDirty: true },
                      );
                    }}
                  />
                </Grid>
              );
            })}
          </Grid>
        </Section>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={supplier ? adminSupplierPath(supplier.id) : paths.settingsSuppliers}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending || setBanner.isPending}>
          {supplier ? 'Update Supplier' : 'Create Supplier'}
        </Button>
      </Box>
      <BannerDialog
        open={bannerOpen}
        current={banner}
        saving={setBanner.isPending}
        onClose={() => setBannerOpen(false)}
        onSave={saveBanner}
      />
    </Box>
  );
}

/** '/addSupplier' and '/edit-supplier/{id}' (spec 3 §2.12, §5.5). */
export function SupplierFormPage() {
  const params = useParams();
  const id = Number(params.id ?? 0);
  const isEdit = id > 0;
  useDocumentTitle(isEdit ? 'Edit Supplier' : 'Add Supplier');
  const references = useCatalogueReferences();
  const supplier = useSupplier(id, isEdit);

  const loadError = references.error ?? (isEdit ? supplier.error : null);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title={isEdit ? 'Edit Supplier' : 'Add Supplier'}
        subtitle={isEdit ? supplier.data?.supplierName : 'A new supplier with its contacts and attributes.'}
      />
      {loadError ? (
        <LoadErrorAlert
          error={loadError}
          onRetry={() => {
            void references.refetch();
            if (isEdit) void supplier.refetch();
          }}
        />
      ) : !references.data || (isEdit && !supplier.data) ? (
        <PageLoader label="Loading..." />
      ) : (
        <SupplierForm key={supplier.data?.lastUpdated ?? 'new'} references={references.data} supplier={supplier.data} />
      )}
    </Box>
  );
}
