import { HttpException } from '@nestjs/common';
import type { z } from 'zod';
import { apiError, issuesToFieldErrors, type ApiFieldError } from '@husly/contracts';

/** The body parsed by its contract schema; a wrong shape is a 400 naming the fields. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = issuesToFieldErrors(parsed.error.issues);
  throw new HttpException(apiError(400, 'Validation failed', { field: errors[0]?.path || undefined, errors }), 400);
}

/** 422 with per-field errors: what the spec's web logic reads (section 5). */
export function unprocessable(message: string, errors: ApiFieldError[], code?: string): HttpException {
  return new HttpException(apiError(422, message, { field: errors[0]?.path, errors, ...(code ? { code } : {}) }), 422);
}
