import { describe, expect, it } from 'vitest';
import { audienceOf, isAddressedTo, parseNotification } from './events.ts';

describe('event addressing', () => {
  it('sends `all` to everyone, personal channels to their user, others to the named user only', () => {
    expect(audienceOf({ channel: 'all' })).toBe('all');
    expect(audienceOf({ channel: 'user.42' })).toBe(42);
    expect(audienceOf({ channel: 'alert.42' })).toBe(42);
    expect(audienceOf({ channel: 'job.0b5c8f4e', userId: 7 })).toBe(7);
    expect(audienceOf({ channel: 'job.0b5c8f4e' })).toBeNull();
    expect(isAddressedTo({ channel: 'user.42' }, 42)).toBe(true);
    expect(isAddressedTo({ channel: 'user.42' }, 43)).toBe(false);
    expect(isAddressedTo({ channel: 'user.420' }, 42)).toBe(false);
  });

  it('reads notifications from both channels and ignores malformed ones', () => {
    expect(parseNotification('user_changed', '12')).toEqual({
      channel: 'user.12',
      type: 'user.changed',
      data: { userId: 12 },
    });
    expect(parseNotification('user_changed', 'x')).toBeUndefined();
    expect(
      parseNotification('portal_events', '{"channel":"job.a","type":"job.progress","data":{"p":1},"userId":3}'),
    ).toEqual({ channel: 'job.a', type: 'job.progress', data: { p: 1 }, userId: 3 });
    expect(parseNotification('portal_events', 'not json')).toBeUndefined();
    expect(parseNotification('portal_events', '{"type":"x"}')).toBeUndefined();
    expect(parseNotification('elsewhere', '{"channel":"all","type":"x"}')).toBeUndefined();
  });
});
