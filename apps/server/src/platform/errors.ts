import type { ProblemDetails } from '@portal/domain/platform/problem';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type services throw; the handler below turns it into problem details. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(code, 404, message);
export const forbidden = (message = "You don't have access to this page", code = 'FORBIDDEN') =>
  new AppError(code, 403, message);
export const unauthorised = (message = 'Please sign in', code = 'UNAUTHORISED') => new AppError(code, 401, message);
export const badRequest = (message: string, errors?: FieldError[], code = 'BAD_REQUEST') =>
  new AppError(code, 400, message, errors);
export const conflict = (message: string, errors?: FieldError[], code = 'CONFLICT') =>
  new AppError(code, 409, message, errors);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: FieldError[],
  retryAfterSeconds?: number,
): ProblemDetails {
  return {
    type: `about:blank#${code.toLowerCase()}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    ...(errors?.length ? { errors } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
}

/** PostgreSQL error codes that are the client's fault, mapped so they never surface as a 500. */
function fromDatabaseError(error: { code?: string; constraint?: string }): ProblemDetails | undefined {
  switch (error.code) {
    case '23505':
      return problem(409, 'DUPLICATE', 'The information you entered is already registered to another user.', [
        { field: error.constraint ?? 'unknown', message: 'Already in use' },
      ]);
    case '23514':
    case '23502':
    case '22P02':
    case '22007':
    case '22008':
    // A number beyond the column's type (an id over 2 147 483 647), text longer than its column,
    // a NUL or an invalid byte sequence in text, a value too large for an index: all the client's.
    case '22003':
    case '22001':
    case '22021':
    case '22P05':
    case '54000':
      return problem(400, 'INVALID_INPUT', 'Please check that all information is entered correctly and try again.');
    case '23503':
      return problem(400, 'INVALID_REFERENCE', 'A referenced record does not exist.');
    default:
      return undefined;
  }
}

/**
 * Fastify's `frameworkErrors`: addresses the router refuses before any route runs (a malformed
 * escape, a path parameter over 100 characters) answer in problem details too.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const detail = status === 414 ? 'The address is too long.' : 'The address is not valid.';
  reply
    .status(status)
    .type('application/problem+json')
    .send(problem(status, status === 414 ? 'URI_TOO_LONG' : 'BAD_URL', detail));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { constraint?: string }, request, reply) => {
    let body: ProblemDetails;
    if (error instanceof AppError) {
      body = problem(error.status, error.code, error.message, error.errors, error.retryAfterSeconds);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.flatMap((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A key the schema does not name (strict bodies, platform/request-validation.ts): one
        // error per key, naming it, so the client learns which field it may not set.
        const keys = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(keys) && keys.length) {
          // A schema's own message for them (e.g. CreateUserRequest's) wins over Zod's default.
          const own = issue.message && !issue.message.startsWith('Unrecognized key') ? issue.message : undefined;
          return keys.map((key) => ({
            field: field ? `${field}.${String(key)}` : String(key),
            message: own ?? `Unknown field "${String(key)}": it cannot be set here`,
          }));
        }
        return [{ field: field || 'body', message: issue.message ?? 'Required' }];
      });
      body = problem(400, 'VALIDATION_FAILED', errors[0]?.message ?? 'Please check your input and try again.', errors);
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      body = problem(500, 'INTERNAL', 'A server error occurred. Please try again in a few moments.');
    } else {
      // Drizzle wraps the driver's error ("Failed query: …") and keeps PostgreSQL's in `cause`.
      const cause = (error as { cause?: unknown }).cause;
      const fromDb = fromDatabaseError(
        (cause && typeof cause === 'object' && 'code' in cause ? cause : error) as {
          code?: string;
          constraint?: string;
        },
      );
      if (fromDb) {
        body = fromDb;
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        body = problem(error.statusCode, error.code ?? 'BAD_REQUEST', error.message);
      } else {
        request.log.error({ err: error }, 'unhandled error');
        body = problem(
          500,
          'INTERNAL',
          'A server error occurred. Please try again in a few moments or contact support if the problem persists.',
        );
      }
    }
    if (body.status >= 500) request.log.error({ err: error }, body.detail);
    reply.status(body.status).type('application/problem+json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .type('application/problem+json')
      .send(problem(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
