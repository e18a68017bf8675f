import { HttpException } from '@nestjs/common';
import { apiError, type ApiFieldError } from '@husly/contracts';

/** The body parsed by its contract schema: the one parse of the API (a wrong shape is a 400 naming the fields). */
export { parseInput as parseBody } from '../common/parse-input';

/** 422 with per-field errors: what the spec's web logic reads (section 5). */
export function unprocessable(message: string, errors: ApiFieldError[], code?: string): HttpException {
  return new HttpException(apiError(422, message, { field: errors[0]?.path, errors, ...(code ? { code } : {}) }), 422);
}
