import Alert from '@mui/material/Alert';
import type { NewUserForm, OnboardingOptions } from '@portal/domain/people/new-user';
import { useFormContext, useWatch } from 'react-hook-form';
import { CataloguePicker } from '../../../components/catalogue-picker';

/**
 * Step 5 (spec 1 §2.7), optional: product types, then the suppliers offering them, then (admins)
 * deals of those suppliers. Unchecking a product type removes suppliers and deals no longer valid.
 */
export function ProductsStep({ options }: { options: OnboardingOptions }) {
  const { control, setValue } = useFormContext<NewUserForm>();
  const [productTypeIds, supplierIds, dealIds] = useWatch({
    control,
    name: ['selectedProductTypes', 'selectedSuppliers', 'selectedDeals'],
  });
  return (
    <CataloguePicker
      choices={options}
      value={{ productTypeIds, supplierIds, dealIds }}
      onChange={(next) => {
        setValue('selectedProductTypes', next.productTypeIds);
        setValue('selectedSuppliers', next.supplierIds);
        setValue('selectedDeals', next.dealIds);
      }}
      withDeals={options.canChooseDeals}
      dealsNote={
        <Alert severity="info" sx={{ alignSelf: 'start' }}>
          Deals are assigned by an admin.
        </Alert>
      }
    />
  );
}
