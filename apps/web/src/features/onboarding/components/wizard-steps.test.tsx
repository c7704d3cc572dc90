import { type NewUserForm, newUserDefaults, type OnboardingOptions } from '@portal/domain/people/new-user';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { referenceLists } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { BankingStep } from './banking-step';
import { ProductsStep } from './products-step';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

let form: ReturnType<typeof useForm<NewUserForm>>;
function WithForm({ children }: { children: ReactNode }) {
  form = useForm<NewUserForm>({ defaultValues: newUserDefaults(2) });
  return <FormProvider {...form}>{children}</FormProvider>;
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox', {}, WAIT)).getByRole('option', { name: option }));
}

const options: OnboardingOptions = {
  productTypes: [
    { id: 1, name: 'Fibre' },
    { id: 2, name: 'Mobile' },
  ],
  suppliers: [
    { id: 10, name: 'Metro Fibre Connect', productTypeIds: [1] },
    { id: 20, name: 'Kasi Mobile', productTypeIds: [2] },
  ],
  deals: [{ id: 100, name: 'Metro Standard', supplierId: 10, productTypeId: 1 }],
  canChooseDeals: true,
  canChooseUserType: true,
  defaultManager: { id: 2, zCode: 'Z-2', name: 'Lwazi Leader' },
};

describe('BankingStep (spec 1 §2.7 step 4)', () => {
  it('fills the read-only branch code from the chosen bank', async () => {
    renderWithProviders(
      <WithForm>
        <BankingStep lists={referenceLists} />
      </WithForm>,
    );
    const branch = screen.getByLabelText(/Branch code/) as HTMLInputElement;
    expect(branch.readOnly).toBe(true);
    await choose('Bank', 'Capitec');
    expect(branch.value).toBe('470010');
    await choose('Bank', 'Standard Bank');
    expect(branch.value).toBe('051001');
  });

  it('asks for no bank details with eWallet', () => {
    renderWithProviders(
      <WithForm>
        <BankingStep lists={referenceLists} />
      </WithForm>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'eWallet' }));
    expect(screen.queryByRole('combobox', { name: 'Bank' })).toBeNull();
    expect(screen.getByText("eWallet payments are sent to the user's primary phone number.")).toBeTruthy();
  });
});

describe('ProductsStep (spec 1 §2.7 step 5)', () => {
  it('offers suppliers of the chosen product types only and prunes them, with their deals, when a type is unchecked', () => {
    renderWithProviders(
      <WithForm>
        <ProductsStep options={options} />
      </WithForm>,
    );
    expect(screen.getByText('Choose a product type first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fibre' }));
    expect(screen.queryByRole('checkbox', { name: 'Kasi Mobile' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Metro Fibre Connect' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Metro Standard' }));
    expect(form.getValues(['selectedSuppliers', 'selectedDeals'])).toEqual([[10], [100]]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Fibre' }));
    expect(screen.queryByRole('checkbox', { name: 'Metro Fibre Connect' })).toBeNull();
    expect(form.getValues(['selectedProductTypes', 'selectedSuppliers', 'selectedDeals'])).toEqual([[], [], []]);
  });

  it('shows no deal choice to a leader', () => {
    renderWithProviders(
      <WithForm>
        <ProductsStep options={{ ...options, canChooseDeals: false }} />
      </WithForm>,
    );
    expect(screen.getByText('Deals are assigned by an admin.')).toBeTruthy();
    expect(screen.queryByText('Deals')).toBeNull();
  });
});
