import { describe, expect, it } from 'vitest';
import { findCodes, findLinks, splitLinks, toPlainText } from './message-text';

describe('message text', () => {
  const sms = 'Your Dealer Portal code is 482913. It expires in 5 minutes.';
  const mail =
    'Use this link to set a new password:\nhttps://portal.example/api/auth/reset-password/abc?callbackURL=%2Freset-password.\n';

  it('finds one-time codes but not parts of links', () => {
    expect(findCodes(sms)).toEqual(['482913']);
    expect(findCodes('https://x.example/verify/123456')).toEqual([]);
  });

  it('finds links without trailing punctuation', () => {
    expect(findLinks(mail)).toEqual([
      'https://portal.example/api/auth/reset-password/abc?callbackURL=%2Freset-password',
    ]);
  });

  it('splits text around links', () => {
    expect(splitLinks('Go to https://a.example/x. Then sign in.')).toEqual([
      { kind: 'text', value: 'Go to ' },
      { kind: 'link', value: 'https://a.example/x' },
      { kind: 'text', value: '. Then sign in.' },
    ]);
  });

  it('turns an HTML body into readable text with its links', () => {
    const html = '<p>Hello Thandi,</p><p>Click <a href="https://a.example/v/1">verify</a> now.<br>Thanks</p>';
    expect(toPlainText(html)).toBe('Hello Thandi,\nClick verify (https://a.example/v/1) now.\nThanks');
    expect(toPlainText(sms)).toBe(sms);
  });
});
