import { z } from 'zod';
import { apiError, issuesToFieldErrors } from './browser/errors';

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

// reasonPhrase, apiError, issuesToFieldErrors and isApiError are zod-free: ./browser/errors.ts.

/** An ApiError (400 unless told) from a failed zod parse; `field` is the first problem's path. */
export function validationApiError(
  error: z.ZodError,
  { statusCode = 400, message = 'Validation failed' }: { statusCode?: number; message?: string } = {},
): ApiError {
  const errors = issuesToFieldErrors(error.issues);
  return apiError(statusCode, message, { field: errors[0]?.path || undefined, errors });
}
