import { describe, expect, it } from 'vitest';
import { loadSettings } from './config.ts';

describe('session cookie security default', () => {
  it('is Secure with an https PUBLIC_URL', () => {
    expect(loadSettings({ PUBLIC_URL: 'https://portal.example.co.za' }).secureCookies).toBe(true);
  });
  it('is Secure in production off localhost, even behind plain http', () => {
    expect(loadSettings({ NODE_ENV: 'production', PUBLIC_URL: 'http://portal.internal:3000' }).secureCookies).toBe(
      true,
    );
  });
  it('is not Secure for local development or a production build run on localhost', () => {
    expect(loadSettings({}).secureCookies).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3100' }).secureCookies).toBe(false);
  });
  it('follows SECURE_COOKIES when it is set', () => {
    expect(loadSettings({ SECURE_COOKIES: 'false', PUBLIC_URL: 'https://portal.example.co.za' }).secureCookies).toBe(
      false,
    );
    expect(loadSettings({ SECURE_COOKIES: 'true' }).secureCookies).toBe(true);
  });
});
