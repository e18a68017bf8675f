import { HttpException } from '@nestjs/common';
import { apiError, issuesToFieldErrors } from '@husly/contracts';
import type { z } from 'zod';

/** The body or query parsed by its contract schema; a wrong shape is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = issuesToFieldErrors(parsed.error.issues);
  throw new HttpException(apiError(400, 'Validation failed', { code: 'error', field: errors[0]?.path || undefined, errors }), 400);
}
