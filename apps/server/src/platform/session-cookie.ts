import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth.ts';

/**
 * Reads better-auth's signed session cookie (`<token>.<base64 HMAC-SHA256 of the token>`, URL-encoded)
 * without going through better-auth's endpoint pipeline, so the actor loader can look the session,
 * the user and the flags up in one statement (docs/decisions/009). better-auth stays the writer of
 * the cookie; this only checks its signature with the same secret.
 */
export function createSessionCookieReader(
  auth: Auth,
): (cookieHeader: string | undefined) => Promise<string | undefined> {
  let settings: Promise<{ name: string; secret: string }> | undefined;
  const load = () => {
    settings ??= auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
    }));
    return settings;
  };
  return async (cookieHeader) => {
    if (!cookieHeader) return undefined;
    const { name, secret } = await load();
    const raw = cookieValue(cookieHeader, name);
    return raw === undefined ? undefined : verifiedToken(raw, secret);
  };
}

/** The value of one cookie in a Cookie header; the first wins, as in better-auth's parser. */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The token when the signature matches, else undefined (a tampered or foreign cookie). */
export function verifiedToken(raw: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}
