import { HttpException } from '@nestjs/common';
import { apiError, issuesToFieldErrors } from '@husly/contracts';
import { BOLIGAGENT_ERRORS, ERROR_MESSAGES, type BoligagentErrorCode } from '@husly/domain';
import type { z } from 'zod';

/** A section 5 code with its status and the section 8 message, e.g. {statusCode: 406, code: 'email-in-use'}. */
export function boligagentError(code: BoligagentErrorCode, field?: string): HttpException {
  const { status, message } = BOLIGAGENT_ERRORS[code];
  return new HttpException(apiError(status, message, { code, ...(field ? { field } : {}) }), status);
}

/** Unknown token (GET /api/boligagents/{token}, the panel): "We could not find your BoligAgent…". */
export function boligagentNotFound(): HttpException {
  return new HttpException(apiError(404, ERROR_MESSAGES.boligagentNotFound, { code: 'not-found' }), 404);
}

/** Unknown verification token: "We could not recognize you verification token…". */
export function verificationTokenNotRecognised(): HttpException {
  return new HttpException(apiError(404, ERROR_MESSAGES.tokenNotRecognised, { code: 'token-not-recognised' }), 404);
}

/** The body or query parsed by its contract schema; a wrong shape is a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = issuesToFieldErrors(parsed.error.issues);
  throw new HttpException(apiError(400, 'Validation failed', { code: 'error', field: errors[0]?.path || undefined, errors }), 400);
}
