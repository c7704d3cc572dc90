import { describe, expect, it } from 'vitest';
import { timeLeftView } from './time-left';

describe('the time-left column', () => {
  it('reads minutes, hours and days left', () => {
    expect(timeLeftView(45 * 60)?.text).toBe('45m left');
    expect(timeLeftView(3 * 3600 + 20 * 60)?.text).toBe('3h 20m left');
    expect(timeLeftView(2 * 86400 + 4 * 3600 + 59)?.text).toBe('2d 4h left');
    expect(timeLeftView(86400)?.text).toBe('1d left');
  });

  it('says how long a ticket is overdue, and marks it', () => {
    expect(timeLeftView(-90 * 60)).toEqual({ text: 'Overdue 1h 30m', overdue: true, paused: false });
  });

  it('says the clock is paused while the ticket waits on the supplier', () => {
    expect(timeLeftView(3600, true)).toEqual({ text: 'Paused, 1h left', overdue: false, paused: true });
  });

  it('shows nothing when no target runs', () => {
    expect(timeLeftView(null)).toBeNull();
  });
});
