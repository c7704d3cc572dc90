import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, errorMessageWithRetry, formatWait, MESSAGES, withQuery } from './api';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
}

describe('api', () => {
  afterEach(() => vi.useRealTimers());

  it('sends JSON with same-origin credentials and validates the answer', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, { id: 7, extra: true }));
    const result = await api('/api/things', { method: 'POST', body: { a: 1 }, schema: z.object({ id: z.number() }) });
    expect(result).toEqual({ id: 7 });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers ?? {}) as Record<string, string>).toHaveProperty('content-type', 'application/json');
  });

  it('reads problem details into an ApiError with field errors', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(422, {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: 'Please check your input and try again.',
        errors: [{ field: 'email', message: 'Please enter a valid email address.' }],
        retryAfterSeconds: 30,
      }),
    );
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Please check your input and try again.',
      fieldErrors: [{ field: 'email', message: 'Please enter a valid email address.' }],
      retryAfterSeconds: 30,
    });
  });

  it("falls back to better-auth's { code, message }", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    );
    await expect(api('/api/auth/sign-in/email', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('gives the spec message for a server error without a body, and for a network failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(502, undefined));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 502, message: MESSAGES.server });
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: MESSAGES.network });
  });

  it('gives up after the time-out with the spec message', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'TimeoutError')));
        }),
    );
    await expect(api('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: MESSAGES.timeout,
    });
  });

  it('builds query strings without empty values', () => {
    expect(withQuery('/api/outbox', { page: 2, pageSize: 50, channel: undefined, recipient: '' })).toBe(
      '/api/outbox?page=2&pageSize=50',
    );
  });
});

describe('errorMessageWithRetry', () => {
  it('says when to try again after too many attempts', () => {
    const error = new ApiError({ status: 429, code: 'TOO_MANY', message: 'Too many requests', retryAfterSeconds: 900 });
    expect(errorMessageWithRetry(error)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
  it("keeps the server's message when it already says when", () => {
    const message = 'Too many failed sign-ins. Please try again in 12 minutes.';
    const error = new ApiError({ status: 429, code: 'TOO_MANY', message, retryAfterSeconds: 700 });
    expect(errorMessageWithRetry(error)).toBe(message);
  });
  it('does not repeat "try again later", and makes it precise when the wait is known', () => {
    const later = 'Too many requests. Please try again later.';
    expect(errorMessageWithRetry(new ApiError({ status: 429, code: 'RATE', message: later }))).toBe(later);
    expect(
      errorMessageWithRetry(new ApiError({ status: 429, code: 'RATE', message: later, retryAfterSeconds: 40 })),
    ).toBe('Too many requests. Please try again in 40 seconds.');
  });
  it('leaves other errors as they are', () => {
    expect(errorMessageWithRetry(new ApiError({ status: 401, code: 'X', message: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    );
    expect(formatWait(40)).toBe('40 seconds');
  });
});
