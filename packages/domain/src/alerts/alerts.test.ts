import { describe, expect, it } from 'vitest';
import { htmlToText, NewAlertRequest, NOTIFICATION_TITLE_CHARS, POPUP_DESCRIPTION_CHARS, truncate } from './alerts.ts';

describe('truncate', () => {
  it('cuts titles at 40 and popup descriptions at 100 characters', () => {
    expect(truncate('a'.repeat(40), NOTIFICATION_TITLE_CHARS)).toBe('a'.repeat(40));
    expect(truncate('a'.repeat(41), NOTIFICATION_TITLE_CHARS)).toBe(`${'a'.repeat(40)}…`);
    expect(truncate('b'.repeat(150), POPUP_DESCRIPTION_CHARS)).toHaveLength(101);
  });
});

describe('htmlToText', () => {
  it('reads the text of an alert’s HTML', () => {
    expect(htmlToText('<p>Meet at <b>09:00</b></p><p>Bring&nbsp;R&amp;D</p>')).toBe('Meet at 09:00 Bring R&D');
  });
});

describe('NewAlertRequest', () => {
  it('needs recipients for an individual alert and the details of a segment', () => {
    expect(NewAlertRequest.safeParse({ title: 'x' }).success).toBe(false);
    expect(NewAlertRequest.safeParse({ title: 'x', target_user_ids: [3] }).success).toBe(true);
    expect(NewAlertRequest.safeParse({ title: 'x', refs_user_segment_type_id: 3 }).success).toBe(false);
    expect(NewAlertRequest.safeParse({ title: 'x', refs_user_segment_type_id: 3, supplier_ids: [1] }).success).toBe(
      true,
    );
    expect(NewAlertRequest.safeParse({ title: 'x', refs_user_segment_type_id: 1 }).success).toBe(true);
  });
});
