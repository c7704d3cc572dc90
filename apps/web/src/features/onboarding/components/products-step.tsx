import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import {
  type NewUserForm,
  type OnboardingOptions,
  pruneSelections,
  suppliersForProductTypes,
} from '@portal/domain/people/new-user';
import { useFormContext, useWatch } from 'react-hook-form';

const toggle = (list: number[], id: number, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {hint}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/**
 * Step 5 (spec 1 §2.7), optional: product types, then the suppliers offering them, then (admins)
 * deals of those suppliers. Unchecking a product type removes suppliers and deals no longer valid.
 */
export function ProductsStep({ options }: { options: OnboardingOptions }) {
  const { control, setValue, getValues } = useFormContext<NewUserForm>();
  const [productTypes, suppliers, deals] = useWatch({
    control,
    name: ['selectedProductTypes', 'selectedSuppliers', 'selectedDeals'],
  });
  const offered = suppliersForProductTypes(options.suppliers, productTypes);
  const chosenSuppliers = new Set(suppliers);
  const chosenTypes = new Set(productTypes);
  const dealChoices = options.deals.filter(
    (deal) => chosenSuppliers.has(deal.supplierId) && chosenTypes.has(deal.productTypeId),
  );

  const setProductType = (id: number, on: boolean) => {
    const selectedProductTypes = toggle(getValues('selectedProductTypes'), id, on);
    setValue('selectedProductTypes', selectedProductTypes);
    const pruned = pruneSelections({ ...getValues(), selectedProductTypes }, options.suppliers, options.deals);
    setValue('selectedSuppliers', pruned.selectedSuppliers);
    setValue('selectedDeals', pruned.selectedDeals);
  };
  const setSupplier = (id: number, on: boolean) => {
    const selectedSuppliers = toggle(getValues('selectedSuppliers'), id, on);
    setValue('selectedSuppliers', selectedSuppliers);
    setValue(
      'selectedDeals',
      pruneSelections({ ...getValues(), selectedSuppliers }, options.suppliers, options.deals).selectedDeals,
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <Section title="Product types">
        <FormGroup>
          {options.productTypes.map((type) => (
            <FormControlLabel
              key={type.id}
              label={type.name}
              control={
                <Checkbox
                  checked={productTypes.includes(type.id)}
                  onChange={(e) => setProductType(type.id, e.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      </Section>
      <Section title="Suppliers" hint="Suppliers offering a chosen product type.">
        {offered.length ? (
          <FormGroup>
            {offered.map((supplier) => (
              <FormControlLabel
                key={supplier.id}
                label={supplier.name}
                control={
                  <Checkbox
                    checked={suppliers.includes(supplier.id)}
                    onChange={(e) => setSupplier(supplier.id, e.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Choose a product type first.
          </Typography>
        )}
      </Section>
      {options.canChooseDeals ? (
        <Section title="Deals" hint="Deals of the chosen suppliers and product types.">
          {dealChoices.length ? (
            <FormGroup>
              {dealChoices.map((deal) => (
                <FormControlLabel
                  key={deal.id}
                  label={deal.name}
                  control={
                    <Checkbox
                      checked={deals.includes(deal.id)}
                      onChange={(e) =>
                        setValue('selectedDeals', toggle(getValues('selectedDeals'), deal.id, e.target.checked))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Choose a supplier first.
            </Typography>
          )}
        </Section>
      ) : (
        <Alert severity="info" sx={{ alignSelf: 'start' }}>
          Deals are assigned by an admin.
        </Alert>
      )}
    </Box>
  );
}
