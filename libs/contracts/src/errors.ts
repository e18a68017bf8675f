import { z } from 'zod';

/** One problem with a request field; path is dot-joined ('email', 'prefs.0.rent'). */
export const apiFieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ApiFieldError = z.infer<typeof apiFieldErrorSchema>;

/**
 * The body of every non-2xx response (and the `extensions` of a GraphQL error): the HTTP status,
 * its reason phrase, a human message, and optionally a machine code (e.g. a boligagent code such as
 * 'email-in-use'), the field it concerns, and per-field errors (422 validation).
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  errors: z.array(apiFieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

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

/** An ApiError (400 unless told) from a failed zod parse; `field` is the first problem's path. */
export function validationApiError(
  error: z.ZodError,
  { statusCode = 400, message = 'Validation failed' }: { statusCode?: number; message?: string } = {},
): ApiError {
  const errors = issuesToFieldErrors(error.issues);
  return apiError(statusCode, message, { field: errors[0]?.path || undefined, errors });
}

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}
