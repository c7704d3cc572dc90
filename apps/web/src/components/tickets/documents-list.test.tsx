import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DocumentsList } from './documents-list';
import { TicketViewDialog } from './ticket-view-dialog';

// The Documents tab (spec 2 "Agent Support tab") and the ticket view's tabs.

const file = {
  id: '7f0c1c2e-8f5e-4a53-9d59-6d7a3c1b2a10',
  originalName: 'installer-booking.pdf',
  url: '/api/files/7f0c1c2e-8f5e-4a53-9d59-6d7a3c1b2a10',
  uploadedAt: '2026-11-20T08:00:00.000Z',
  uploadedByName: 'Ayanda Agent',
};

describe('DocumentsList', () => {
  it('says "No Files Uploaded" and takes files while the ticket is open', () => {
    const onAddFiles = vi.fn();
    render(<DocumentsList documents={[]} closed={false} onAddFiles={onAddFiles} />);
    expect(screen.getByText('No Files Uploaded')).toBeTruthy();
    const picked = new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('ticket-documents-input'), { target: { files: [picked] } });
    expect(onAddFiles).toHaveBeenCalledWith([picked]);
    expect((screen.getByRole('button', { name: 'Add Supporting Documents' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('lists the files with a download link, and takes none once the ticket is closed', () => {
    render(<DocumentsList documents={[file]} closed onAddFiles={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Download installer-booking.pdf' }).getAttribute('href')).toBe(file.url);
    expect((screen.getByRole('button', { name: 'Add Supporting Documents' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('TicketViewDialog', () => {
  it('opens on the tab asked for and switches between Activity, Documents and Details', () => {
    render(
      <TicketViewDialog
        open
        onClose={vi.fn()}
        title="ZAA7"
        initialTab="documents"
        activity={<p>the thread</p>}
        documents={<p>the files</p>}
        details={<p>the details</p>}
      />,
    );
    expect(screen.getByText('the files')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByText('the details')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getByText('the thread')).toBeTruthy();
  });
});
