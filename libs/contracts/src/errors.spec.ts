import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { apiError, isApiError, issuesToFieldErrors, reasonPhrase } from './browser/errors';
import { apiErrorSchema, validationApiError } from './errors';

describe('apiErrorSchema', () => {
  it.each([
    ['a bare error', { statusCode: 404, error: 'Not Found', message: 'Unknown city' }],
    ['a boligagent code', { statusCode: 406, error: 'Not Acceptable', message: 'The specified email address is already in use.', code: 'email-in-use' }],
    ['field errors', { statusCode: 422, error: 'Unprocessable Entity', message: 'Invalid', errors: [{ path: 'email', message: 'cannot be blank' }] }],
  ])('accepts %s', (_name, body) => {
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(isApiError(body)).toBe(true);
  });

  it.each([
    ['a 2xx status', { statusCode: 200, error: 'OK', message: 'fine' }],
    ['a missing message', { statusCode: 500, error: 'Internal Server Error' }],
    ['a non-integer status', { statusCode: 400.5, error: 'x', message: 'y' }],
    ['null', null],
  ])('rejects %s', (_name, body) => {
    expect(isApiError(body)).toBe(false);
  });
});

describe('apiError', () => {
  it.each([
    [404, 'Unknown city', {}, { statusCode: 404, error: 'Not Found', message: 'Unknown city' }],
    [
      400,
      'Please enter a valid email',
      { code: 'invalid-mail', field: 'email' },
      { statusCode: 400, error: 'Bad Request', message: 'Please enter a valid email', code: 'invalid-mail', field: 'email' },
    ],
    [410, 'Gone', {}, { statusCode: 410, error: 'Gone', message: 'Gone' }],
  ])('%d %j %j → %j', (status, message, extra, expected) => {
    expect(apiError(status, message, extra)).toEqual(expected);
  });

  it.each([
    [422, 'Unprocessable Entity'],
    [418, 'Client Error'],
    [599, 'Server Error'],
  ])('reasonPhrase(%d) → %s', (status, phrase) => {
    expect(reasonPhrase(status)).toBe(phrase);
  });
});

describe('validation errors from zod', () => {
  const schema = z.object({ email: z.email(), prefs: z.array(z.object({ rent: z.number() })) });

  it('joins paths with dots and points at the first field', () => {
    const result = schema.safeParse({ email: 'x', prefs: [{ rent: 'a' }] });
    expect(result.success).toBe(false);
    const error = validationApiError(result.error as z.ZodError);
    expect(error).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'email' });
    expect(error.errors?.map((e) => e.path)).toEqual(['email', 'prefs.0.rent']);
    expect(apiErrorSchema.safeParse(error).success).toBe(true);
  });

  it('takes another status', () => {
    const result = schema.safeParse({});
    expect(validationApiError(result.error as z.ZodError, { statusCode: 422 }).statusCode).toBe(422);
  });

  it.each([
    [[{ path: [], message: 'bad' }], [{ path: '', message: 'bad' }]],
    [[{ path: ['a', 0, 'b'], message: 'm' }], [{ path: 'a.0.b', message: 'm' }]],
  ])('issuesToFieldErrors(%j) → %j', (issues, expected) => {
    expect(issuesToFieldErrors(issues)).toEqual(expected);
  });
});
