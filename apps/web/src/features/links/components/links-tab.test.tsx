import type { SupplierLinkPage } from '@portal/domain/links/supplier-links';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { LinksTab } from './links-tab';

// The Supplier Links tab (spec 2 "Supplier Links tab", §5, §9): the list, the admin's form with the
// REST query parameter builder and its Preview URL, the share dialog and Confirm Delete.

const WAIT = { timeout: 5000 };

const page: SupplierLinkPage = {
  items: [
    {
      id: 4,
      supplierId: 3,
      name: 'Agent Portal',
      address: 'https://portal.example.test/',
      parameters: [],
      clickCount: 6,
      lastClickedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 30,
  total: 1,
  variables: ['DEALER_CODE', 'DEALER_NAME', 'FIBRE_DEALER_CODE'],
};

afterEach(() => vi.restoreAllMocks());

function renderTab({ admin = true, links = page }: { admin?: boolean; links?: SupplierLinkPage } = {}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST') return json({ ...page.items[0], id: 8, name: 'Apply' }, 201);
    if (method === 'DELETE') return json({ ok: true });
    if (method === 'PUT') return json(page.items[0]);
    if (url.startsWith('/api/supplier-links/4/address'))
      return json({ address: 'https://portal.example.test/?ref=Z-9' });
    if (url.startsWith('/api/supplier-links?')) return json(links);
    return json({}, 404);
  });
  renderWithProviders(<LinksTab supplierId={3} />, { user: makeUser({ isAdmin: admin }) });
  return calls;
}

describe('LinksTab', () => {
  it('lists the supplier’s links 30 a page, with their clicks', async () => {
    const calls = renderTab({ admin: false });
    expect(screen.getByRole('heading', { name: 'Supplier Links' })).toBeTruthy();
    expect(screen.getByText('Loading links...')).toBeTruthy();
    const card = await screen.findByRole('listitem', { name: 'Agent Portal' }, WAIT);
    expect(within(card).getByText('6 clicks')).toBeTruthy();
    expect(calls[0]?.url).toContain('/api/supplier-links?supplierId=3&page=1&pageSize=30');
    // Agents share and open; only admins add, edit and delete.
    expect(within(card).getByRole('button', { name: 'Share Agent Portal' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Edit Agent Portal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Link' })).toBeNull();
  });

  it('asks for 50 a page in the grid view', async () => {
    const calls = renderTab({ admin: false });
    await screen.findByRole('listitem', { name: 'Agent Portal' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('pageSize=50'))).toBe(true), WAIT);
  });

  it('says when there are no links, with a hint for admins', async () => {
    renderTab({ links: { ...page, items: [], total: 0 } });
    expect(await screen.findByText('No links found.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText(/Use Add Link/)).toBeTruthy();
  });

  it('adds a REST parameter only when both fields are filled, and previews dealer variables in braces', async () => {
    const calls = renderTab();
    await screen.findByRole('listitem', { name: 'Agent Portal' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' }, WAIT);
    fireEvent.change(within(dialog).getByLabelText(/Link Name/), { target: { value: 'Apply' } });
    fireEvent.change(within(dialog).getByLabelText(/Link Address/), {
      target: { value: 'https://apply.example.test/form' },
    });
    const addParameter = within(dialog).getByRole('button', { name: 'Add REST Query Parameter' }) as HTMLButtonElement;
    expect(addParameter.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Parameter Name'), { target: { value: 'ref' } });
    expect(addParameter.disabled).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Dealer Variable' }));
    fireEvent.click(await screen.findByRole('option', { name: 'DEALER_CODE' }, WAIT));
    expect(addParameter.disabled).toBe(false);
    fireEvent.click(addParameter);
    // A static value next.
    fireEvent.click(within(dialog).getByLabelText('Static value'));
    fireEvent.change(within(dialog).getByLabelText('Parameter Name'), { target: { value: 'src' } });
    expect(addParameter.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Static Value'), { target: { value: 'portal' } });
    fireEvent.click(addParameter);
    expect(within(dialog).getByText('https://apply.example.test/form?ref={DEALER_CODE}&src=portal')).toBeTruthy();
    // Removing one updates the preview.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove parameter src' }));
    expect(within(dialog).getByText('https://apply.example.test/form?ref={DEALER_CODE}')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Link added successfully!', {}, WAIT)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      supplierId: 3,
      name: 'Apply',
      address: 'https://apply.example.test/form',
      parameters: [{ name: 'ref', value: 'DEALER_CODE', isStatic: false }],
    });
  });

  it('edits a link starting from its saved parameters', async () => {
    const saved: SupplierLinkPage = {
      ...page,
      items: [{ ...page.items[0]!, parameters: [{ name: 'ref', value: 'DEALER_CODE', isStatic: false }] }],
    };
    const calls = renderTab({ links: saved });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Agent Portal' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Link' }, WAIT);
    expect(within(dialog).getByText('https://portal.example.test/?ref={DEALER_CODE}')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Link Name/), { target: { value: 'Agent Portal 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Link' }));
    expect(await screen.findByText('Link edited successfully!', {}, WAIT)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      url: '/api/supplier-links/4',
      method: 'PUT',
      body: {
        name: 'Agent Portal 2',
        address: 'https://portal.example.test/',
        parameters: [{ name: 'ref', value: 'DEALER_CODE', isStatic: false }],
      },
    });
  });

  it('refuses a javascript: address before sending it', async () => {
    const calls = renderTab();
    await screen.findByRole('listitem', { name: 'Agent Portal' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' }, WAIT);
    fireEvent.change(within(dialog).getByLabelText(/Link Name/), { target: { value: 'Bad' } });
    fireEvent.change(within(dialog).getByLabelText(/Link Address/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(
      await within(dialog).findByText('Enter a web address that starts with http:// or https://', {}, WAIT),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shares the dealer’s own address and confirms the copy, then resets after 2 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    renderTab({ admin: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Share Agent Portal' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Share Link' }, WAIT);
    await within(dialog).findByDisplayValue('https://portal.example.test/?ref=Z-9', {}, WAIT);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
      expect(await screen.findByText('Link copied to clipboard!', {}, WAIT)).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith('https://portal.example.test/?ref=Z-9');
      await vi.advanceTimersByTimeAsync(2100);
      await waitFor(() => expect(screen.queryByText('Link copied to clipboard!')).toBeNull(), WAIT);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks to Confirm Delete, naming the link', async () => {
    const calls = renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Agent Portal' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' }, WAIT);
    expect(within(dialog).getByText(/delete the link "Agent Portal"\? This cannot be undone\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Link deleted successfully!', {}, WAIT)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/supplier-links/4')).toBe(true);
  });
});
