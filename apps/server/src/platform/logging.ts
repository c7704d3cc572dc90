import type { FastifyServerOptions } from 'fastify';
import { type DestinationStream, type Logger as PinoLogger, pino, stdSerializers } from 'pino';
import type { Settings } from '../config.ts';

// What the request log may show (issue 9): no session cookies, no tokens and no personal data.
// - URLs: the value of every query parameter with a sensitive name is replaced, and so is the
//   token in better-auth's `/reset-password/<token>` path and in a contract's signing link
//   (`/sign-contract/<token>`, the page and its `/api/` calls: whoever holds it signs, decision 063).
// - Bodies are never logged by Fastify; pino's `redact` still removes a logged `body` and the
//   sensitive fields of any object a handler logs, one or two levels deep (a pin's `code` only
//   inside a body: `err.code` is PostgreSQL's error code and stays).
// - Errors: Drizzle's "Failed query: … params: …" message carries the query's values (names,
//   phones, hashes); the parameters are cut from the message and the stack.

/** Query parameters whose value never reaches the log (matched on the name, any letter case). */
const SENSITIVE_QUERY =
  /token|code|pass|pin|secret|verification|identification|idno|id_number|phone|email|mail|bank|account|search|recipient|name|user_id|q$/i;

const REDACTED = '[redacted]';

/** The URL with the values of sensitive query parameters and the tokens in the path replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path
    .replace(/\/reset-password\/[^/]+/i, `/reset-password/${REDACTED}`)
    .replace(/\/sign-contract\/[^/]+/i, `/sign-contract/${REDACTED}`);
  if (query === undefined) return safePath;
  const parts = query.split('&').map((part) => {
    const [name = '', value] = part.split(/=(.*)/s, 2);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {}
    return value !== undefined && (SENSITIVE_QUERY.test(decoded) || value.length > 64) ? `${name}=${REDACTED}` : part;
  });
  return `${safePath}?${parts.join('&')}`;
}

/** Body fields that are removed from any logged object (pino `redact` paths). */
const SENSITIVE_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'pin',
  'token',
  'bankAccountNumber',
  'identificationNo',
  'phone',
  'email',
];

const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

function scrub(text: string | undefined): string | undefined {
  return text?.replace(/\bparams: [^\n]*/g, `params: ${REDACTED}`);
}

/** The logger options of the app: level, redaction and serializers; `stream` for tests. */
export function loggerOptions(settings: Settings, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (settings.LOG_LEVEL === 'silent') return false;
  return {
    level: settings.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
      err(error: Error) {
        const serialized = stdSerializers.err(error);
        serialized.message = scrub(serialized.message) ?? '';
        serialized.stack = scrub(serialized.stack) ?? '';
        return serialized;
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The process's own logger (start-up, stop, jobs, realtime): the same JSON lines, level and
 * redaction as the request log, so every line the server writes can be parsed alike.
 */
export function createLogger(settings: Settings, stream?: DestinationStream): PinoLogger {
  const options = loggerOptions(settings, stream);
  if (!options || options === true) return pino({ level: 'silent' });
  const { stream: _stream, ...rest } = options as typeof options & { stream?: DestinationStream };
  return stream ? pino(rest as object, stream) : pino(rest as object);
}
