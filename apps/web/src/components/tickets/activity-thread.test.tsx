import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActivityThread, closedRatedText, THREAD_TEXTS, type ThreadActivity } from './activity-thread';
import { RatedIcon, RatingForm } from './rating';

// The shared Activity tab (spec 2 "Agent Support tab"): who sees what, and the closed states.

const activities: ThreadActivity[] = [
  { id: 1, text: 'Ticket ZAA12 created', type: 'update', createdAt: '2026-11-20T08:00:00.000Z' },
  {
    id: 2,
    text: 'My router is offline',
    type: 'user',
    createdAt: '2026-11-20T08:01:00.000Z',
    author: { code: 'Z-9', firstName: 'Ayanda' },
  },
  { id: 3, text: 'Escalated to supplier', type: 'internal', createdAt: '2026-11-20T08:02:00.000Z' },
  { id: 4, text: 'We are on it', type: 'admin', createdAt: '2026-11-20T08:03:00.000Z' },
];

/** A page that holds the draft and adds a button that writes into it. */
function PageHoldingTheDraft({
  onSend,
}: {
  onSend: (message: { text: string; internal: boolean }) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState('Hi Sipho');
  return (
    <ActivityThread
      activities={activities}
      viewerIsAdmin
      closed={false}
      onSend={onSend}
      allowInternal
      draft={draft}
      onDraftChange={setDraft}
      composerActions={
        <button type="button" onClick={() => setDraft((current) => `${current}, thanks.`)}>
          Insert
        </button>
      }
    />
  );
}

describe('ActivityThread', () => {
  it('shows a dealer the messages and updates but never internal notes', () => {
    render(<ActivityThread activities={activities} viewerIsAdmin={false} closed={false} onSend={vi.fn()} />);
    const log = screen.getByRole('log', { name: 'Ticket activity' });
    expect(within(log).getByText('Ticket Update')).toBeTruthy();
    expect(within(log).getByText('Z-9 Ayanda')).toBeTruthy();
    expect(within(log).getByText('We are on it')).toBeTruthy();
    expect(within(log).queryByText('Escalated to supplier')).toBeNull();
    expect(screen.queryByLabelText(THREAD_TEXTS.internalToggle)).toBeNull();
  });

  it('shows an admin the internal notes and an Internal toggle', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<ActivityThread activities={activities} viewerIsAdmin closed={false} onSend={onSend} allowInternal />);
    expect(screen.getByText('Escalated to supplier')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Only for us' } });
    fireEvent.click(screen.getByLabelText('Internal'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: 'Only for us', internal: true });
    await waitFor(() => expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''));
  });

  it('says there is nothing yet and does not send an empty message', () => {
    const onSend = vi.fn();
    render(<ActivityThread activities={[]} viewerIsAdmin={false} closed={false} onSend={onSend} />);
    expect(screen.getByText('No activity to display')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Send' }).closest('form') as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps a failed message in the box', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error('nope'));
    render(<ActivityThread activities={[]} viewerIsAdmin={false} closed={false} onSend={onSend} />);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('lets the page hold the draft and add buttons beside Send, emptying the draft once sent', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<PageHoldingTheDraft onSend={onSend} />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(box.value).toBe('Hi Sipho');
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(box.value).toBe('Hi Sipho, thanks.');
    fireEvent.change(box, { target: { value: 'Hi Sipho, thanks. Booked.' } });
    fireEvent.click(screen.getByLabelText('Internal'));
    expect(screen.getByText(THREAD_TEXTS.internalHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: 'Hi Sipho, thanks. Booked.', internal: true });
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('takes no messages once closed: admins read "This ticket is closed."', () => {
    render(<ActivityThread activities={activities} viewerIsAdmin closed onSend={vi.fn()} allowInternal />);
    expect(screen.getByText('This ticket is closed.')).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('asks the dealer to rate a closed ticket, with the form embedded', () => {
    render(
      <ActivityThread
        activities={activities}
        viewerIsAdmin={false}
        closed
        ratingForm={<RatingForm onSubmit={vi.fn()} />}
      />,
    );
    expect(screen.getByText(THREAD_TEXTS.closedUnrated)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Rate the service' })).toBeTruthy();
  });

  it('gives the stars of a rated, closed ticket to both sides', () => {
    render(
      <ActivityThread activities={activities} viewerIsAdmin={false} closed rating={{ star: 4, comment: 'Quick' }} />,
    );
    expect(screen.getByText(closedRatedText(4))).toBeTruthy();
    expect(screen.getByText('Quick')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Rate the service' })).toBeNull();
  });
});

describe('rating', () => {
  it('labels the rated icon with the stars out of 5 and the comment, its mood by the stars', () => {
    const { rerender } = render(<RatedIcon rating={{ star: 2, comment: 'Slow' }} />);
    expect(screen.getByLabelText('Rated 2/5 Slow').getAttribute('data-mood')).toBe('sad');
    rerender(<RatedIcon rating={{ star: 4, comment: null }} />);
    expect(screen.getByLabelText('Rated 4/5').getAttribute('data-mood')).toBe('neutral');
    rerender(<RatedIcon rating={{ star: 5, comment: null }} />);
    expect(screen.getByLabelText('Rated 5/5').getAttribute('data-mood')).toBe('happy');
  });

  it('needs at least one star; the comment is optional', () => {
    const onSubmit = vi.fn();
    render(<RatingForm onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Submit Rating' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('5 Stars'));
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ star: 5, comment: null });
  });
});
