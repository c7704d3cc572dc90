import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AlertForm } from './alert-form';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

// The editor is a lazy chunk; loading it once up front keeps a busy machine's first import out of
// the tests' waiting time.
beforeAll(async () => {
  await import('../../../components/rich-text-editor');
}, 30_000);

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json([]));
});
afterEach(() => vi.restoreAllMocks());

describe('AlertForm', () => {
  it('shows every field error at once, each under its field, and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <AlertForm mode="create" isAdmin={false} submitting={false} error={null} onSubmit={onSubmit} />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Alert' }));

    expect(await screen.findByText('Title can be at most 200 characters')).toBeTruthy();
    expect(screen.getByText('Choose at least one recipient')).toBeTruthy();
    // Each message is the helper text of its own field.
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Recipients' }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('writes the description in a rich-text editor whose placeholder is plain text', async () => {
    renderWithProviders(<AlertForm mode="edit" isAdmin={false} submitting={false} error={null} onSubmit={vi.fn()} />);
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    expect(editor.getAttribute('contenteditable')).toBe('true');
    await waitFor(() =>
      expect(editor.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('Write your alert…'),
    );
    expect(editor.textContent).not.toContain('<p>');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
  });

  it('sends an edited alert with its rich-text description', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <AlertForm
        mode="edit"
        isAdmin={false}
        initial={{
          id: 4,
          title: 'Targets',
          description: '<p>Please <strong>check</strong> the deals.</p>',
          image: null,
          active: true,
          type: null,
          created_at: '2026-11-22T08:00:00.000Z',
          created_by: 2,
          is_individual: true,
          refs_user_segment_type_id: null,
          target_user_ids: [],
          recipients: 1,
          send_email: false,
          send_sms: false,
        }}
        submitting={false}
        error={null}
        onSubmit={onSubmit}
      />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(editor.querySelector('strong')?.textContent).toBe('check'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Alert' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        title: 'Targets',
        description: '<p>Please <strong>check</strong> the deals.</p>',
        image: null,
        active: true,
      }),
    );
  });
});
