import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, verifiedToken } from './session-cookie.ts';

const SECRET = 'a-secret-of-more-than-thirty-two-characters';
/** As better-call signs a cookie: `<token>.<base64 HMAC-SHA256>`, URL-encoded. */
const sign = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('session cookie', () => {
  it('gives the token of a cookie signed with the secret', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123');
  });

  it('refuses a cookie signed with another secret, a changed token or no signature', () => {
    expect(verifiedToken(sign('abc123', 'another-secret-of-thirty-two-characters!'), SECRET)).toBeUndefined();
    const [, signature] = decodeURIComponent(sign('abc123')).split('.');
    expect(verifiedToken(encodeURIComponent(`abc124.${signature}`), SECRET)).toBeUndefined();
    expect(verifiedToken('abc123', SECRET)).toBeUndefined();
    expect(verifiedToken('.', SECRET)).toBeUndefined();
    expect(verifiedToken('%E0%A4%A', SECRET)).toBeUndefined();
  });

  it('finds the named cookie among others, by its whole name', () => {
    const header = `x.portal.session_token=nope; portal.session_token=${sign('t1')}; other=1`;
    expect(cookieValue(header, 'portal.session_token')).toBe(sign('t1'));
    expect(cookieValue('other=1', 'portal.session_token')).toBeUndefined();
  });
});
