import { HttpException } from '@nestjs/common';
import { apiError } from '@husly/contracts';
import { BOLIGAGENT_ERRORS, ERROR_MESSAGES, type BoligagentErrorCode } from '@husly/domain';

/** A section 5 code with its status and the section 8 message, e.g. {statusCode: 406, code: 'email-in-use'}. */
export function boligagentError(code: BoligagentErrorCode, field?: string): HttpException {
  const { status, message } = BOLIGAGENT_ERRORS[code];
  return new HttpException(apiError(status, message, { code, ...(field ? { field } : {}) }), status);
}

/** Unknown token (GET /api/boligagents/{token}, the panel): "We could not find your BoligAgent…". */
export function boligagentNotFound(): HttpException {
  return new HttpException(apiError(404, ERROR_MESSAGES.boligagentNotFound, { code: 'not-found' }), 404);
}

/** DELETE /api/boligagents/map-area with another agent's area id: a 404, as an unknown agent is. */
export function mapAreaNotFound(): HttpException {
  return new HttpException(apiError(404, ERROR_MESSAGES.boligagentMapAreaNotFound, { code: 'not-found', field: 'areaId' }), 404);
}

/** Unknown verification token: "We could not recognize you verification token…". */
export function verificationTokenNotRecognised(): HttpException {
  return new HttpException(apiError(404, ERROR_MESSAGES.tokenNotRecognised, { code: 'token-not-recognised' }), 404);
}

export { parseInput } from '../common/parse-input';
