/**
 * The user-creation failure mapper (spec 1 §8): one message a person can act on, by cause. The
 * server uses it for the 409/400 it answers and the wizard uses it again for whatever reached it
 * (its own time-out, a dropped connection, a proxy's 502), so both say the same thing.
 */

export const CREATION_MESSAGES = {
  duplicatePhone: 'This phone number is already registered to another user. Please use a different phone number.',
  duplicateEmail: 'This email address is already registered to another user. Please use a different email address.',
  duplicateId: 'This ID/Passport number is already registered to another user. Please verify the ID/Passport number.',
  duplicateOther: 'The information you entered is already registered to another user. Please check your details.',
  contactSuffix: 'If you believe this is an error, please contact support.',
  idSuffix: 'If this person already has a profile, search for it by ID/Passport number on the Manage Teams page.',
  invalidInput: 'Please check that all information is entered correctly and try again.',
  permission: "You don't have permission to perform this action. Please contact your administrator.",
  notFound: 'The requested user could not be found. They may have been deleted or moved.',
  timeout: 'The request timed out. Please check your connection and try again.',
  network: 'Network connection error. Please check your internet connection and try again.',
  server: 'A server error occurred. Please try again in a few moments or contact support if the problem persists.',
  required: 'Please fill in all required fields and try again.',
  format: 'Please check that all information is entered in the correct format.',
  otherClient: 'Please check your input and try again.',
  fallback: 'An error occurred while processing your request.',
  unexpected: 'An unexpected error occurred',
} as const;

/** Shown above the mapped message when the wizard's submission fails. */
export const SUBMISSION_ERROR_TITLE = 'Submission Error';
export const CREATION_FAILED = 'Failed to create user';

/** What is known about a failure: any of the HTTP status, a machine code, the message, the field or constraint. */
export interface CreationFailure {
  /** HTTP status; 0 or undefined when no answer came. */
  status?: number;
  /** DUPLICATE, INVALID_INPUT, TIMEOUT, NETWORK, a PostgreSQL code such as 23505, … */
  code?: string;
  message?: string;
  /** The field or database constraint at fault, e.g. `phone` or `users_master_phone_unique`. */
  field?: string;
}

export type DuplicateField = 'phone' | 'email' | 'identificationNo';

const DUPLICATE_CODES = new Set(['DUPLICATE', '23505', 'P2002']);
const INVALID_CODES = new Set(['INVALID_INPUT', 'CHECK_VIOLATION', '23514', '22P02', '22007', '22008', '23502']);

/** Which unique value a field name, constraint name or message is about. */
export function duplicateFieldOf(text: string | undefined): DuplicateField | undefined {
  if (!text) return undefined;
  const lower = text.toLowerCase();
  if (/identification|id_no|idno|passport|\bid\b|id\/passport/.test(lower)) return 'identificationNo';
  if (/e-?mail/.test(lower)) return 'email';
  if (/phone/.test(lower)) return 'phone';
  return undefined;
}

/** The full §8 message for a duplicate of one field, suffix included. */
export function duplicateMessage(field: DuplicateField | undefined): string {
  switch (field) {
    case 'phone':
      return `${CREATION_MESSAGES.duplicatePhone} ${CREATION_MESSAGES.contactSuffix}`;
    case 'email':
      return `${CREATION_MESSAGES.duplicateEmail} ${CREATION_MESSAGES.contactSuffix}`;
    case 'identificationNo':
      return `${CREATION_MESSAGES.duplicateId} ${CREATION_MESSAGES.idSuffix}`;
    default:
      return CREATION_MESSAGES.duplicateOther;
  }
}

function isDuplicate(failure: CreationFailure, message: string): boolean {
  if (failure.code && DUPLICATE_CODES.has(failure.code)) return true;
  return /duplicate key|already (registered|in use|exists|been used)|unique constraint/i.test(message);
}

/** The message to show for a failed creation (spec 1 §8), first matching cause wins. */
export function creationFailureMessage(failure: CreationFailure): string {
  const message = (failure.message ?? '').trim();
  const status = failure.status ?? 0;
  const code = failure.code ?? '';

  if (isDuplicate(failure, message)) {
    return duplicateMessage(duplicateFieldOf(failure.field) ?? duplicateFieldOf(message));
  }
  if (INVALID_CODES.has(code) || /check constraint|invalid input/i.test(message)) {
    return CREATION_MESSAGES.invalidInput;
  }
  if (status === 401 || status === 403 || /permission|unauthori[sz]ed|forbidden/i.test(message))
    return CREATION_MESSAGES.permission;
  if (status === 404 || /not found/i.test(message)) return CREATION_MESSAGES.notFound;
  if (code === 'TIMEOUT' || status === 408 || status === 504 || /timed? ?out/i.test(message)) {
    return CREATION_MESSAGES.timeout;
  }
  if (code === 'NETWORK' || /network|failed to fetch/i.test(message)) return CREATION_MESSAGES.network;
  if (status >= 500) return message || CREATION_MESSAGES.server;
  if (status >= 400) {
    if (/required|missing/i.test(message)) return CREATION_MESSAGES.required;
    if (/invalid|format/i.test(message)) return CREATION_MESSAGES.format;
    return message || CREATION_MESSAGES.otherClient;
  }
  return message || CREATION_MESSAGES.fallback;
}

/** Reads whatever was thrown (an API error, an Error, anything) into a failure and maps it. */
export function describeCreationError(error: unknown): string {
  if (error === null || error === undefined || (typeof error !== 'object' && typeof error !== 'string')) {
    return CREATION_MESSAGES.unexpected;
  }
  if (typeof error === 'string') return creationFailureMessage({ message: error });
  const value = error as {
    status?: unknown;
    code?: unknown;
    message?: unknown;
    field?: unknown;
    fieldErrors?: Array<{ field?: unknown }>;
  };
  const field =
    typeof value.field === 'string'
      ? value.field
      : typeof value.fieldErrors?.[0]?.field === 'string'
        ? value.fieldErrors[0].field
        : undefined;
  return creationFailureMessage({
    status: typeof value.status === 'number' ? value.status : undefined,
    code: typeof value.code === 'string' ? value.code : undefined,
    message: typeof value.message === 'string' ? value.message : undefined,
    field,
  });
}
