import type { ProblemDetails } from '@portal/domain/platform/problem';
import type { z } from 'zod';

/** Spec 1 §9: every call to the server gives up after 60 seconds. */
export const API_TIMEOUT_MS = 60_000;

export const MESSAGES = {
  timeout: 'The request timed out. Please check your connection and try again.',
  network: 'Network connection error. Please check your internet connection and try again.',
  server: 'A server error occurred. Please try again in a few moments or contact support if the problem persists.',
  fallback: 'An unexpected error occurred',
} as const;

export interface FieldError {
  field: string;
  message: string;
}

/** Every failed call surfaces as one of these: the HTTP status (0 when no answer came), a code and a message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: FieldError[];
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.fallback;
}

/** "1 minute", "15 minutes", "40 seconds": how long to wait, for a person. */
export function formatWait(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  if (seconds >= 60) return '1 minute';
  const whole = Math.max(1, Math.ceil(seconds));
  return whole === 1 ? '1 second' : `${whole} seconds`;
}

/**
 * Like `errorMessage`, and for a refusal because of too many tries (429) it says when to try again
 * when the server's own message does not.
 */
export function errorMessageWithRetry(error: unknown): string {
  const message = errorMessage(error);
  if (!(error instanceof ApiError) || error.status !== 429) return message;
  const wait = error.retryAfterSeconds;
  const saysWhen = /try again/i.test(message);
  if (saysWhen && (/\d/.test(message) || !wait)) return message;
  const base = saysWhen
    ? message.replace(/\s*Please try again later\.?\s*$/i, '')
    : message === MESSAGES.fallback || /^too many requests$/i.test(message)
      ? 'Too many attempts.'
      : message;
  const sentence = /[.!?]$/.test(base) ? base : `${base}.`;
  return wait ? `${sentence} Please try again in ${formatWait(wait)}.` : `${sentence} Please try again later.`;
}

type Json = Record<string, unknown> | unknown[] | string | number | boolean | null;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: Json | object;
  /** Added to the path as a query string; undefined, null and '' are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /**
   * Validates (and strips) the answer; without it the answer is returned as parsed. A loader
   * (`() => import(…).then(…)`) fetches the schema only when an answer arrives to check.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function withQuery(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function retryAfterFrom(response: Response, problemValue: number | undefined): number | undefined {
  if (problemValue !== undefined) return problemValue;
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds : undefined;
}

const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The problem-details shape (packages/domain platform/problem.ts), checked by hand: every page
 * reads errors, and zod is kept off the first pages' load (see docs/bundle-report.md).
 */
export function isProblemDetails(body: unknown): body is ProblemDetails {
  if (typeof body !== 'object' || body === null) return false;
  const p = body as Record<string, unknown>;
  if (!isText(p.type) || !isText(p.title) || !isInteger(p.status) || !isText(p.code) || !isText(p.detail)) return false;
  if (p.retryAfterSeconds !== undefined && !isInteger(p.retryAfterSeconds)) return false;
  if (p.errors === undefined) return true;
  return (
    Array.isArray(p.errors) &&
    p.errors.every((e) => typeof e === 'object' && e !== null && isText(e.field) && isText(e.message))
  );
}

/** Reads a failed answer: RFC 9457 problem details, or better-auth's `{ code, message }`. */
export function toApiError(response: Response, body: unknown): ApiError {
  const status = response.status;
  if (isProblemDetails(body)) {
    const p = body;
    return new ApiError({
      status,
      code: p.code,
      message: p.detail || p.title || (status >= 500 ? MESSAGES.server : MESSAGES.fallback),
      fieldErrors: p.errors ?? [],
      retryAfterSeconds: retryAfterFrom(response, p.retryAfterSeconds),
    });
  }
  const loose = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message =
    (typeof loose.message === 'string' && loose.message) ||
    (typeof loose.detail === 'string' && loose.detail) ||
    (typeof body === 'string' && body.length < 300 && !body.trimStart().startsWith('<') && body) ||
    (status >= 500 ? MESSAGES.server : response.statusText || MESSAGES.fallback);
  return new ApiError({
    status,
    code: typeof loose.code === 'string' && loose.code ? loose.code : `HTTP_${status}`,
    message,
    retryAfterSeconds: retryAfterFrom(response, undefined),
  });
}

/** fetch for the portal's API: same-origin cookies, JSON both ways, a time-out, and one error type. */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, signal, timeoutMs = API_TIMEOUT_MS } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: combined,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError({ status: 0, code: 'TIMEOUT', message: MESSAGES.timeout });
    if (signal?.aborted) throw error; // the caller cancelled (e.g. TanStack Query); not an error to show
    throw new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.network });
  }

  let parsed: unknown;
  try {
    parsed = await readBody(response);
  } catch {
    if (timeout.aborted) throw new ApiError({ status: 0, code: 'TIMEOUT', message: MESSAGES.timeout });
    throw new ApiError({ status: response.status, code: 'NETWORK', message: MESSAGES.network });
  }

  if (!response.ok) throw toApiError(response, parsed);
  if (!schema) return parsed as T;
  const result = (typeof schema === 'function' ? await schema() : schema).safeParse(parsed);
  if (!result.success) {
    console.error(`Unexpected answer from ${method} ${path}`, result.error);
    throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: MESSAGES.fallback });
  }
  return result.data;
}
