import type { Profile } from '@portal/domain/accounts/profile';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, makeProfile, referenceLists, stepUpProblem } from '../../../../test/profiles';
import { renderWithProviders } from '../../../../test/render';
import { EditProfileDialog } from './edit-profile-dialog';

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function mockServer(handler: Handler = () => undefined) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/reference-lists')) return json(referenceLists);
    return json({}, 404);
  });
}

async function openDialog(profile: Profile = makeProfile(), onClose = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/profile" element={<EditProfileDialog open profile={profile} onClose={onClose} />} />
      <Route path="/verify-phone" element={<h1>Verify phone page</h1>} />
    </Routes>,
    { route: '/profile' },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
  await within(dialog).findByLabelText('Street address');
  return { dialog, onClose };
}

const bankSelect = () => screen.getByRole('combobox', { name: 'Bank' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const RULES = [
  'Account number is incomplete',
  'Please add a Street Address',
  'Please add a Suburb',
  'Please add a Postal Code',
  'Please add a City',
  'Please select a bank',
  'Please add a bank account number',
  'Please select an account type',
  'Please check RICA And POPIA Training',
];

function shownRules(): string[] {
  return RULES.filter((rule) => screen.queryByText(rule) !== null);
}

describe('EditProfileDialog', () => {
  it('shows every field with a label, the terms links and the branch code from the bank', async () => {
    mockServer();
    await openDialog();
    for (const label of [
      'Country of residence',
      'Province',
      'Street address',
      'Suburb',
      'Postal code',
      'City',
      'T-shirt size',
      'Branch code',
      'Account number',
      'Account type',
      'Phone number',
      'Email address',
      'I Agree',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(bankSelect()).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Bank' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'eWallet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'RICA terms' }).getAttribute('href')).toBe('/api/documents/rica-terms.pdf');
    expect(screen.getByRole('link', { name: 'POPIA terms' }).getAttribute('href')).toBe(
      '/api/documents/popia-terms.pdf',
    );
    expect((screen.getByLabelText('Branch code') as HTMLInputElement).value).toBe('470010');
    fireEvent.change(bankSelect(), { target: { value: 'Standard Bank' } });
    expect((screen.getByLabelText('Branch code') as HTMLInputElement).value).toBe('051001');
    expect((screen.getByLabelText('Branch code') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByLabelText('Postal code').getAttribute('maxlength')).toBe('4');
    expect(screen.getByLabelText('Account number').getAttribute('maxlength')).toBe('20');
  });

  it('shows only the first failure, in the spec order, and sends nothing until all pass', async () => {
    const fetchSpy = mockServer();
    await openDialog(makeProfile({ agreedToRicaTerms: false }));
    type('Street address', '');
    type('Suburb', '');
    type('Postal code', '');
    type('City', '');
    fireEvent.change(bankSelect(), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Account type'), { target: { value: '' } });
    type('Account number', '12a3');
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('123');

    const expected: [string, () => void][] = [
      ['Account number is incomplete', () => type('Account number', '')],
      ['Please add a Street Address', () => type('Street address', '1 Main Road')],
      ['Please add a Suburb', () => type('Suburb', 'Soweto')],
      ['Please add a Postal Code', () => type('Postal code', '1804')],
      ['Please add a City', () => type('City', 'Johannesburg')],
      ['Please select a bank', () => fireEvent.change(bankSelect(), { target: { value: 'ABSA' } })],
      ['Please add a bank account number', () => type('Account number', '4050607080')],
      [
        'Please select an account type',
        () => fireEvent.change(screen.getByLabelText('Account type'), { target: { value: '1' } }),
      ],
      ['Please check RICA And POPIA Training', () => fireEvent.click(screen.getByLabelText('I Agree'))],
    ];
    for (const [message, fix] of expected) {
      submit();
      await waitFor(() => expect(shownRules()).toEqual([message]));
      fix();
    }
    const puts = () => fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts()).toHaveLength(0);
  });

  it('asks only for the address and the terms when paid by eWallet', async () => {
    const fetchSpy = mockServer((url, init) =>
      url === '/api/profile' && init?.method === 'PUT' ? json(makeProfile({ refsPaymentType: 'eWallet' })) : undefined,
    );
    const { onClose } = await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'eWallet' }));
    expect(screen.queryByRole('combobox', { name: 'Bank' })).toBeNull();
    // A switch of payment type redirects pay: the password again.
    type('Current password', 'Secret123');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      country: 'ZAF',
      province: 'GP',
      street: '12 Vilakazi Street',
      suburb: 'Orlando West',
      postalCode: '1804',
      city: 'Soweto',
      refsShirtSize: 'MEDIUM',
      refsPaymentType: 'eWallet',
      eWalletLink: null,
      agreedToRicaTerms: true,
      currentPassword: 'Secret123',
    });
  });

  it('checks a changed phone on blur and refuses one in use', async () => {
    const fetchSpy = mockServer((url) =>
      url.startsWith('/api/profile/contact-availability')
        ? json({ available: false, message: 'Phone number is already in use' })
        : undefined,
    );
    await openDialog();
    const phone = screen.getByLabelText('Phone number');
    fireEvent.blur(phone);
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('contact-availability'))).toBe(false);

    type('Phone number', '0821234567');
    fireEvent.blur(phone);
    expect(await screen.findByText('Phone number must start with +27 and be followed by 9 digits')).toBeTruthy();

    type('Phone number', '+27820000003');
    fireEvent.blur(phone);
    expect(await screen.findByText('Phone number is already in use')).toBeTruthy();
    const [url] = fetchSpy.mock.calls.find(([u]) => String(u).includes('contact-availability')) ?? [];
    expect(url).toBe('/api/profile/contact-availability?phone=%2B27820000003');

    type('Email address', 'not-an-email');
    fireEvent.blur(screen.getByLabelText('Email address'));
    expect(await screen.findByText('Must be a valid email address')).toBeTruthy();
    type('Email address', '');
    fireEvent.blur(screen.getByLabelText('Email address'));
    expect(await screen.findByText('Email address is required')).toBeTruthy();
  });

  it('saves, sends the changed phone, closes and goes to /verify-phone', async () => {
    const fetchSpy = mockServer((url, init) => {
      if (url === '/api/profile' && init?.method === 'PUT') return json(makeProfile());
      if (url.startsWith('/api/profile/contact-availability')) return json({ available: true, message: null });
      if (url === '/api/profile/contact') {
        return json({ code: 200, emailChanged: false, phoneChanged: true, message: 'Please verify your new number.' });
      }
      return undefined;
    });
    const { onClose } = await openDialog();
    type('Account number', '1234567890');
    type('Phone number', '+27829998877');
    type('Current password', 'Secret123');
    submit();
    expect(await screen.findByRole('heading', { name: 'Verify phone page' })).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const contact = fetchSpy.mock.calls.find(([url]) => url === '/api/profile/contact');
    expect(JSON.parse(String(contact?.[1]?.body))).toEqual({ phone: '+27829998877', currentPassword: 'Secret123' });
  });

  it("sends the password with an eWallet payee's new phone and shows a refusal beside it", async () => {
    const fetchSpy = mockServer((url, init) => {
      if (url === '/api/profile' && init?.method === 'PUT') return json(makeProfile({ refsPaymentType: 'eWallet' }));
      if (url.startsWith('/api/profile/contact-availability')) return json({ available: true, message: null });
      if (url === '/api/profile/contact') {
        return stepUpProblem();
      }
      return undefined;
    });
    const { onClose } = await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'eWallet' }));
    type('Phone number', '+27829998877');
    type('Current password', 'Wrong123');
    submit();
    expect(await screen.findByText('Your current password is incorrect.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const contact = fetchSpy.mock.calls.find(([url]) => url === '/api/profile/contact');
    expect(JSON.parse(String(contact?.[1]?.body))).toEqual({ phone: '+27829998877', currentPassword: 'Wrong123' });
  });

  it('maps a server field error back to its field and shows the freeze refusal', async () => {
    let answer = json(
      {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Please select a bank',
        errors: [{ field: 'bank', message: 'Please select a bank' }],
      },
      400,
    );
    mockServer((url, init) => (url === '/api/profile' && init?.method === 'PUT' ? answer : undefined));
    await openDialog();
    type('Account number', '1234567890');
    submit();
    expect(await screen.findByText('Please select a bank')).toBeTruthy();

    answer = json(
      {
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        code: 'PROFILE_FROZEN',
        detail: 'Profile updates are temporarily frozen while the commission period is active.',
      },
      409,
    );
    submit();
    expect(
      await screen.findByText('Profile updates are temporarily frozen while the commission period is active.'),
    ).toBeTruthy();
  });
});
