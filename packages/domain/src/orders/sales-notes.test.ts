import { describe, expect, it } from 'vitest';
import { SALES_NOTE_MESSAGES, SalesNoteRequest, salesNoteFormSchema, salesNoteRefusal } from './sales-notes.ts';

const metro = { regex: '^MFC-\\d{6}$', orderNotes: true, logSalesName: false };

describe('sales notes (spec 2 §5)', () => {
  it('checks the reference against the supplier’s pattern, spaces left out', () => {
    expect(salesNoteRefusal(metro, 'MFC-123456')).toBeUndefined();
    expect(salesNoteRefusal(metro, ' MFC-123 456 ')).toBeUndefined();
    expect(salesNoteRefusal(metro, '123456')).toBe('Reference number does not follow the correct format.');
    expect(salesNoteRefusal({ ...metro, regex: null }, 'anything')).toBeUndefined();
    // An unusable pattern checks nothing rather than refusing every sale.
    expect(salesNoteRefusal({ ...metro, regex: '([' }, 'anything')).toBeUndefined();
  });

  it('refuses suppliers without notes, and answers code 411 for logSalesName suppliers', () => {
    expect(salesNoteRefusal({ ...metro, orderNotes: false }, 'MFC-123456')).toBe(SALES_NOTE_MESSAGES.notesOff);
    expect(salesNoteRefusal({ ...metro, logSalesName: true }, 'MFC-123456')).toBe(
      'There has been an error, please contact support. Code: 411',
    );
  });

  it('needs a reference, and the form carries the pattern', () => {
    const empty = SalesNoteRequest.safeParse({ orderNumber: '  ', agentNote: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Please enter a reference number.');
    expect(SalesNoteRequest.parse({ orderNumber: 'MFC- 1', agentNote: '  ' })).toEqual({
      orderNumber: 'MFC-1',
      agentNote: null,
    });
    const form = salesNoteFormSchema(metro).safeParse({ orderNumber: 'ABC', agentNote: 'x' });
    expect(form.error?.issues[0]).toMatchObject({
      path: ['orderNumber'],
      message: SALES_NOTE_MESSAGES.referenceFormat,
    });
  });
});
