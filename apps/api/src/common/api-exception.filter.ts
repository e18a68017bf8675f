import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import type { ApiError } from '@husly/contracts';

/**
 * What the filter asks of the web app (web/web-app.ts's WebAppServer): shared code names no feature
 * (ADR 0060), so it says what it needs and app.ts hands the web app in.
 */
export interface PageFallback {
  handles(request: FastifyRequest): boolean;
  serve(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  answersFormPost(request: FastifyRequest): boolean;
  redirectFormPost(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Every error leaves the API in one shape ({statusCode, error, message, ...}). A GET for a page
 * that no API route claims goes to the web app instead of a JSON 404, and a page's form that the
 * browser posted itself back to that page.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly web?: PageFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void | GraphQLError {
    if (host.getType<string>() === 'graphql') return toGraphQLError(exception);
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const status = exception instanceof HttpException ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;

    if (status === HttpStatus.NOT_FOUND && this.web && this.web.handles(request)) {
      void this.web.serve(request, reply);
      return;
    }
    if (status === HttpStatus.NOT_FOUND && this.web && this.web.answersFormPost(request)) {
      void this.web.redirectFormPost(request, reply);
      return;
    }
    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const body = toApiError(exception, status);
    // A throttled request learns when to try again in the header too (RFC 9110), not only in the body.
    const retryAfter = (body as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (status === HttpStatus.TOO_MANY_REQUESTS && typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
    void reply.status(status).send(body);
  }
}

/**
 * A GraphQL resolver's error: the same body as REST in `extensions`, and `extensions.code` the REST
 * code (e.g. 'intro-used') or HTTP_{status} when the REST answer has none (section 8's naming).
 */
export function toGraphQLError(exception: unknown): GraphQLError {
  if (exception instanceof GraphQLError) return exception;
  const status = exception instanceof HttpException ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
  const body = toApiError(exception, status);
  // originalError: the GraphQL error rule (graphql/graphql-errors.ts) reads the status and logs a bug's stack.
  const originalError = exception instanceof Error ? exception : undefined;
  return new GraphQLError(body.message, { originalError, extensions: { ...body, code: body.code ?? `HTTP_${status}` } });
}

export function toApiError(exception: unknown, status: number): ApiError {
  const base: ApiError = { statusCode: status, error: HttpStatus[status] ?? 'Error', message: 'Internal server error' };
  if (!(exception instanceof HttpException)) return base;
  const response = exception.getResponse();
  if (typeof response === 'string') return { ...base, message: response };
  const body = response as Partial<ApiError> & { message?: string | string[] };
  const message = Array.isArray(body.message) ? body.message.join('; ') : (body.message ?? exception.message);
  return { ...base, ...body, statusCode: status, message } as ApiError;
}
