import { describe, expect, it } from 'vitest';
import {
  type AlertFormValues,
  alertFormDefaults,
  alertFormSchema,
  htmlToText,
  NewAlertRequest,
  NOTIFICATION_TITLE_CHARS,
  POPUP_DESCRIPTION_CHARS,
  SEGMENT,
  toNewAlertRequest,
  truncate,
} from './alerts.ts';

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

describe('the alert form', () => {
  const messages = (values: Partial<AlertFormValues>, mode: 'create' | 'edit' = 'create') => {
    const result = alertFormSchema(mode).safeParse({ ...alertFormDefaults(), ...values });
    return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('reports every failing field at once, under the field that shows it', () => {
    expect(messages({ title: 'x'.repeat(201) })).toEqual({
      title: 'Title can be at most 200 characters',
      recipients: 'Choose at least one recipient',
    });
    expect(messages({ audience: 'segment', segment: SEGMENT.suppliers })).toEqual({
      supplierIds: 'Choose at least one supplier',
    });
  });

  it('needs no audience when editing', () => {
    expect(messages({}, 'edit')).toEqual({});
  });

  it('sends a segment alert with only the chosen segment filled', () => {
    const request = toNewAlertRequest({
      ...alertFormDefaults(),
      audience: 'segment',
      segment: SEGMENT.productTypes,
      productTypeIds: [3],
      supplierIds: [9],
    });
    expect(request).toMatchObject({ refs_user_segment_type_id: 2, product_type_ids: [3], supplier_ids: [] });
  });
});
