import { describe, expect, it } from 'vitest';
import {
  creationFailureMessage,
  describeCreationError,
  duplicateMessage,
  CREATION_MESSAGES as M,
} from './creation-errors.ts';

const PHONE = `${M.duplicatePhone} ${M.contactSuffix}`;
const EMAIL = `${M.duplicateEmail} ${M.contactSuffix}`;
const ID = `${M.duplicateId} ${M.idSuffix}`;

describe('creationFailureMessage (spec 1 §8)', () => {
  it('names the duplicate field, with the contact suffix for phone and e-mail and the search hint for IDs', () => {
    expect(creationFailureMessage({ status: 409, code: 'DUPLICATE', field: 'phone' })).toBe(PHONE);
    expect(creationFailureMessage({ status: 409, code: 'DUPLICATE', field: 'users_master_email_unique' })).toBe(EMAIL);
    expect(creationFailureMessage({ code: '23505', field: 'users_master_identification_no_unique' })).toBe(ID);
    expect(
      creationFailureMessage({
        message: 'duplicate key value violates unique constraint "auth_user_phone_number_unique"',
      }),
    ).toBe(PHONE);
    expect(creationFailureMessage({ status: 409, code: 'DUPLICATE', field: 'unknown' })).toBe(M.duplicateOther);
    expect(M.duplicateOther).toBe(
      'The information you entered is already registered to another user. Please check your details.',
    );
    expect(PHONE).toBe(
      'This phone number is already registered to another user. Please use a different phone number. If you believe this is an error, please contact support.',
    );
    expect(
      ID.startsWith(
        'This ID/Passport number is already registered to another user. Please verify the ID/Passport number.',
      ),
    ).toBe(true);
    expect(ID).toMatch(/search/i);
  });

  it('is stable when the server already answered a mapped duplicate message', () => {
    for (const message of [PHONE, EMAIL, ID]) {
      expect(creationFailureMessage({ status: 409, message })).toBe(message);
    }
    expect(duplicateMessage(undefined)).toBe(M.duplicateOther);
  });

  it('maps check-constraint and invalid-input failures', () => {
    expect(creationFailureMessage({ code: '23514' })).toBe(
      'Please check that all information is entered correctly and try again.',
    );
    expect(creationFailureMessage({ status: 400, message: 'new row violates check constraint "x"' })).toBe(
      M.invalidInput,
    );
    expect(creationFailureMessage({ status: 400, message: 'invalid input syntax for type date' })).toBe(M.invalidInput);
  });

  it('maps permission, not found, time-out and network failures', () => {
    expect(creationFailureMessage({ status: 403 })).toBe(
      "You don't have permission to perform this action. Please contact your administrator.",
    );
    expect(creationFailureMessage({ status: 401 })).toBe(M.permission);
    expect(creationFailureMessage({ message: 'Unauthorized' })).toBe(M.permission);
    expect(creationFailureMessage({ status: 404 })).toBe(
      'The requested user could not be found. They may have been deleted or moved.',
    );
    expect(creationFailureMessage({ status: 0, code: 'TIMEOUT' })).toBe(
      'The request timed out. Please check your connection and try again.',
    );
    expect(creationFailureMessage({ message: 'Request timed out' })).toBe(M.timeout);
    expect(creationFailureMessage({ status: 0, code: 'NETWORK' })).toBe(
      'Network connection error. Please check your internet connection and try again.',
    );
    expect(creationFailureMessage({ message: 'Failed to fetch' })).toBe(M.network);
  });

  it('maps 5xx answers without a message to the server message', () => {
    expect(creationFailureMessage({ status: 502 })).toBe(
      'A server error occurred. Please try again in a few moments or contact support if the problem persists.',
    );
    expect(creationFailureMessage({ status: 500, message: 'Database is restarting' })).toBe('Database is restarting');
  });

  it('maps other 4xx answers by what their message says', () => {
    expect(creationFailureMessage({ status: 400, message: 'First name is required' })).toBe(
      'Please fill in all required fields and try again.',
    );
    expect(creationFailureMessage({ status: 422, message: 'Missing field' })).toBe(M.required);
    expect(creationFailureMessage({ status: 400, message: 'Invalid Postal Code' })).toBe(
      'Please check that all information is entered in the correct format.',
    );
    expect(creationFailureMessage({ status: 400, message: 'Use the date form YYYY-MM-DD' })).toBe(
      'Use the date form YYYY-MM-DD',
    );
    expect(creationFailureMessage({ status: 400 })).toBe('Please check your input and try again.');
  });

  it('falls back when nothing is known', () => {
    expect(creationFailureMessage({})).toBe('An error occurred while processing your request.');
    expect(describeCreationError(undefined)).toBe('An unexpected error occurred');
    expect(describeCreationError(42)).toBe(M.unexpected);
  });

  it('reads thrown errors with status, code and field errors', () => {
    const apiError = Object.assign(new Error('Already in use'), {
      status: 409,
      code: 'DUPLICATE',
      fieldErrors: [{ field: 'email', message: 'Already in use' }],
    });
    expect(describeCreationError(apiError)).toBe(EMAIL);
    expect(describeCreationError(new Error('Network connection error'))).toBe(M.network);
    expect(describeCreationError('boom')).toBe('boom');
  });
});
