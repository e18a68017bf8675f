import { describe, it, expect } from 'vitest';
import {
  ERROR_MESSAGES,
  LOGIN_MESSAGES,
  PAYMENT_MESSAGES,
  SIGNUP_MESSAGES,
  SUCCESS_MESSAGES,
  httpErrorName,
  interpolate,
  loginErrorField,
  paymentErrorKey,
  signupFailure,
} from './error-catalogue';

describe('error catalogue (spec section 8, verbatim)', () => {
  it.each([
    [ERROR_MESSAGES.generic, 'Oops! Something went wrong. Please try again or reach out to our customer support.'],
    [ERROR_MESSAGES.actionFailed, 'An error occurred. Please try again or contact customer support.'],
    [ERROR_MESSAGES.tokenNotRecognised, 'We could not recognize you verification token. Make sure you type in the full address.'],
    [ERROR_MESSAGES.passwordLinkUserNotFound, 'Beklager! Vi kunne ikke finde din bruger...'],
    [ERROR_MESSAGES.boligagentNotFound, 'We could not find your BoligAgent. Make sure you type in the full address.'],
    [ERROR_MESSAGES.tenantAdSaveFailed, 'Der opstod en fejl. Prøv venligst igen'],
    [ERROR_MESSAGES.tenantAdNotActivated, 'Oops! Your tenant ad has not been activated'],
    [ERROR_MESSAGES.signupModalFailed, 'Øv! Noget gik galt - prøv igen eller kontakt kundeservice.'],
    [ERROR_MESSAGES.emailInUse, 'The specified email address is already in use.'],
    [ERROR_MESSAGES.graphFetchFailed, 'can not fetch data'],
    [ERROR_MESSAGES.uiFallback, 'Øv! Noget gik galt.'],
    [SUCCESS_MESSAGES.passwordChanged, 'Sådan! Din adgangskode er nu ændret.'],
    [SUCCESS_MESSAGES.tenantAdSaved, 'Annoncen er blevet oprettet.'],
    [LOGIN_MESSAGES.failed, 'Adgangskode eller email-adresse er ikke korrekt...'],
    [SIGNUP_MESSAGES.emailInUse, 'Email-adressen er allerede i brug.'],
    [SIGNUP_MESSAGES.failed, 'Oops! Something went wrong...'],
    [PAYMENT_MESSAGES.dankortNotSupported, 'Unfortunately we do not support Dankort. Please use a Visa, Visa/Dankort or MasterCard.'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('loginErrorField', () => {
  it.each([
    [401, 'This email is not registered.', 'email'],
    [401, 'This password is not correct.', 'password'],
    [401, 'Something else', null],
    [500, 'This email is not registered.', null],
    [401, undefined, null],
  ])('%d %j → %j', (status, message, field) => {
    expect(loginErrorField(status, message)).toBe(field);
  });
});

describe('signupFailure', () => {
  it.each([
    [
      { statusCode: 422, errors: [{ path: 'email', message: 'cannot be blank' }] },
      { field: 'email', message: 'Email-feltet er enten tomt eller ikke udfyldt korrekt... (f.eks. navn@eksempel.dk)' },
    ],
    [{ statusCode: 422, errors: [{ path: 'email', message: 'is already taken' }] }, { field: 'email', message: 'Email-adressen er allerede i brug.' }],
    [{ statusCode: 422, errors: [{ path: 'name', message: 'is invalid' }] }, { field: null, message: 'Oops! Something went wrong...' }],
    [{ statusCode: 422 }, { field: null, message: 'Oops! Something went wrong...' }],
    [{ statusCode: 500, errors: [{ path: 'email', message: 'cannot be blank' }] }, { field: null, message: 'Oops! Something went wrong...' }],
  ])('%j → %j', (failure, expected) => {
    expect(signupFailure(failure)).toEqual(expected);
  });

  it('takes the example address', () => {
    expect(signupFailure({ statusCode: 422, errors: [{ path: 'email', message: 'cannot be blank' }] }, 'a@b.dk').message).toContain('a@b.dk');
  });
});

describe('interpolate', () => {
  it.each([
    ['Hej {name}', { name: 'Ida' }, 'Hej Ida'],
    ['{a}+{a}={b}', { a: 1, b: 2 }, '1+1=2'],
    ['Hej {name}', {}, 'Hej {name}'],
  ])('%j with %j → %j', (template, values, expected) => {
    expect(interpolate(template, values)).toBe(expected);
  });
});

describe('paymentErrorKey (section 8 code map)', () => {
  it.each([
    [2, 'generic'],
    [3, 'invalidCardNumber'],
    [17, 'invalidCardNumber'],
    [4, 'invalidCvc'],
    [20, 'invalidCvc'],
    [5, 'invalidExpiry'],
    [6, 'invalidExpiry'],
    [18, 'invalidExpiry'],
    [19, 'invalidExpiry'],
    [7, 'cardLimitExceeded'],
    [25, 'cardLimitExceeded'],
    [40103, 'cardLimitExceeded'],
    [31, 'threeDSecureFailed'],
    [30, null],
    [999, 'generic'],
  ])('%d → %j', (code, key) => {
    expect(paymentErrorKey(code)).toBe(key);
  });
});

describe('httpErrorName', () => {
  it.each([
    [403, 'HTTP_403'],
    [410, 'HTTP_410'],
  ])('%d → %s', (status, name) => {
    expect(httpErrorName(status)).toBe(name);
  });
});
