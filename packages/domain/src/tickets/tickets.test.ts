import { describe, expect, it } from 'vitest';
import { addWorkingMinutes, formatTimeLeft, portalDay } from './sla.ts';
import {
  AdminTicketsQuery,
  CreateLeadRequest,
  CreateSupportTicketRequest,
  cleanAdminSearch,
  fillCannedReply,
  leadFormSchema,
  ratingMood,
  statusLabel,
  TICKET_ROUTES,
  ticketNumber,
  ticketPath,
} from './tickets.ts';

describe('ticket numbers and labels', () => {
  it('pads sales assist to six digits and leaves agent support bare', () => {
    expect(ticketNumber('sales_assist', 123)).toBe('ZSA-000123');
    expect(ticketNumber('agent_support', 123)).toBe('ZAA123');
  });
  it('shows Open as New in agent support only', () => {
    expect(statusLabel('agent_support', 'Open')).toBe('New');
    expect(statusLabel('sales_assist', 'Open')).toBe('Open');
  });
  it('picks the rating icon: sad 1–2, neutral 3–4, happy 5', () => {
    expect([1, 2, 3, 4, 5].map(ratingMood)).toEqual(['sad', 'sad', 'neutral', 'neutral', 'happy']);
  });
  it('fills a route’s parameters', () => {
    expect(ticketPath(TICKET_ROUTES.activity, { kind: 'agent_support', id: 7 })).toBe(
      '/api/tickets/agent_support/7/activity',
    );
  });
});

describe('creation forms', () => {
  const lead = {
    supplierId: 1,
    customerName: 'Nandi',
    address: '1 Main Road',
    phoneNumber: '0821234567',
    emailAddress: 'n@mail.test',
    idNumber: '9001015009087',
    agreedToTerms: true,
  };
  it('asks for the required lead fields with the spec’s message', () => {
    const result = CreateLeadRequest.safeParse({ ...lead, address: ' ', agreedToTerms: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please add all required fields',
      'Please add all required fields',
    ]);
  });
  it('strips spaces from the reference and checks the supplier’s pattern and payment types', () => {
    const schema = leadFormSchema({ paymentTypes: ['Card'], regex: '^MFC-\\d{6}$' });
    const bad = schema.safeParse({ ...lead, refNumber: '123' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'Please add all required fields',
      'Reference number does not follow the correct format.',
    ]);
    const good = schema.parse({ ...lead, refNumber: 'MFC- 123 456', paymentType: 'Card' });
    expect(good.refNumber).toBe('MFC-123456');
  });
  it('asks for category, date and terms on an agent support ticket', () => {
    const result = CreateSupportTicketRequest.safeParse({ supplierId: 1, ticketDate: '', agreedToTerms: false });
    expect(new Set(result.error?.issues.map((issue) => issue.message))).toEqual(
      new Set(['Please complete all required fields']),
    );
    expect(
      CreateSupportTicketRequest.safeParse({
        supplierId: 1,
        categoryId: 2,
        ticketDate: '2026-02-30',
        agreedToTerms: true,
      }).success,
    ).toBe(false);
  });
});

describe('the console’s search and filters', () => {
  it('turns quotes, newlines and commas into spaces', () => {
    expect(cleanAdminSearch(' "Nandi",\nZulu\'s ')).toBe('Nandi Zulu s');
    expect(cleanAdminSearch('",\n')).toBeUndefined();
  });
  it('reads the status list and the yes/no filters from the query string', () => {
    const query = AdminTicketsQuery.parse({ status: 'Open,In Progress', me: 'true', today: 'false' });
    expect(query).toMatchObject({ status: ['Open', 'In Progress'], me: true, today: false, sort: 'newest' });
    expect(AdminTicketsQuery.safeParse({ status: 'Pending' }).success).toBe(false);
  });
});

describe('canned replies', () => {
  it('fills known variables and leaves unknown ones visible', () => {
    expect(
      fillCannedReply('Hi {dealer_name}, {ticket_number} {oops}', { dealer_name: 'Thandi', ticket_number: 'ZAA1' }),
    ).toBe('Hi Thandi, ZAA1 {oops}');
  });
});

describe('working time', () => {
  // 2026-11-27 is a Friday; South Africa is UTC+2.
  it('counts only Monday to Friday, 08:00 to 17:00 South African time', () => {
    const fridayAfternoon = new Date('2026-11-27T14:00:00Z'); // 16:00 SAST
    // One working hour left on Friday, seven more from Monday 08:00.
    expect(addWorkingMinutes(fridayAfternoon, 8 * 60).toISOString()).toBe('2026-11-30T13:00:00.000Z');
  });
  it('starts a ticket raised at night at the next opening', () => {
    const night = new Date('2026-11-25T21:00:00Z'); // 23:00 SAST Wednesday
    expect(addWorkingMinutes(night, 60).toISOString()).toBe('2026-11-26T07:00:00.000Z');
  });
  it('finds the South African day around an instant', () => {
    const { start, end } = portalDay(new Date('2026-11-25T23:30:00Z')); // 01:30 on the 26th in SAST
    expect(start.toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-26T22:00:00.000Z');
  });
  it('formats time left, late ones with a minus', () => {
    expect(formatTimeLeft(3 * 3600 + 20 * 60)).toBe('3h 20m');
    expect(formatTimeLeft(-45 * 60)).toBe('-45m');
    expect(formatTimeLeft(2 * 86400 + 4 * 3600)).toBe('2d 4h');
    expect(formatTimeLeft(null)).toBe('—');
  });
});
