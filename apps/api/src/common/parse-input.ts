import { HttpException } from '@nestjs/common';
import { apiError, issuesToFieldErrors, type ApiFieldError } from '@husly/contracts';
import type { z } from 'zod';

/**
 * The body, query or params parsed by its contract schema; a wrong shape is a 400 naming the fields.
 * `refine` lets a feature answer some field errors in its own words (subscriptions: the terms box).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  refine?: (errors: ApiFieldError[]) => HttpException | undefined,
): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = issuesToFieldErrors(parsed.error.issues);
  const refined = refine?.(errors);
  if (refined) throw refined;
  // The input primitives' own code (nul-character, ...): REST `code` and GraphQL `extensions.code` alike.
  const code = (parsed.error.issues[0] as { params?: { code?: string } } | undefined)?.params?.code ?? 'error';
  throw new HttpException(apiError(400, 'Validation failed', { code, field: errors[0]?.path || undefined, errors }), 400);
}
