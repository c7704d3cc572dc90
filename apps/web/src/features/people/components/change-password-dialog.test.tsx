import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordDialog } from './change-password-dialog';

afterEach(() => vi.restoreAllMocks());

describe('ChangePasswordDialog', () => {
  it('uses the shared password field with its toggle, and sends only from 6 characters', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Password updated successfully' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithProviders(<ChangePasswordDialog userId={7} open onClose={() => {}} />);
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');

    fireEvent.change(input, { target: { value: 'abc' } });
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/people/7/password');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'abcdef' });
  });
});
