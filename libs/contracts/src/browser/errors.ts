import type { ApiError, ApiFieldError } from '../errors';
import { isJsonObject } from './input';

// The zod-free half of ../errors.ts: building error bodies, and recognising one in the browser.

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(statusCode: number): string {
  return REASON_PHRASES[statusCode] ?? (statusCode >= 500 ? 'Server Error' : 'Client Error');
}

/** Builds an ApiError with the standard reason phrase. */
export function apiError(
  statusCode: number,
  message: string,
  extra: Pick<ApiError, 'code' | 'field' | 'errors'> = {},
): ApiError {
  const error: ApiError = { statusCode, error: reasonPhrase(statusCode), message };
  if (extra.code !== undefined) error.code = extra.code;
  if (extra.field !== undefined) error.field = extra.field;
  if (extra.errors !== undefined) error.errors = extra.errors;
  return error;
}

/** Zod issues as ApiError.errors (the path joined with dots; '' for the whole object). */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): ApiFieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const isFieldError = (value: unknown) => isJsonObject(value) && typeof value.path === 'string' && typeof value.message === 'string';

/** Whether `value` is an ApiError body: what `apiErrorSchema` accepts (a contracts test holds them equal). */
export function isApiError(value: unknown): value is ApiError {
  if (!isJsonObject(value)) return false;
  const { statusCode, error, message, code, field, errors } = value;
  return (
    typeof statusCode === 'number' &&
    Number.isSafeInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode <= 599 &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    optionalString(code) &&
    optionalString(field) &&
    (errors === undefined || (Array.isArray(errors) && errors.every(isFieldError)))
  );
}
