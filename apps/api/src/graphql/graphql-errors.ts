import { HttpException, Logger } from '@nestjs/common';
// @nestjs/apollo is an ES module, so its options take @apollo/server's ESM declarations; this CommonJS
// file would otherwise see the CJS ones, whose classes do not match them.
import type { ApolloServerPlugin } from '@apollo/server' with { 'resolution-mode': 'import' };
import type { GraphQLFormattedError } from 'graphql';
import { toGraphQLError } from '../common/api-exception.filter';
import { GRAPHQL_LIMITS, LIMIT_EXCEEDED, exceededLimit, type GraphQLLimit } from './graphql-limits';

/**
 * One rule for every GraphQL error (ADR 0040): a client's mistake answers its 4xx with a clear code,
 * a bug answers 500 "Internal server error" with nothing of its internals, and both say so in the
 * HTTP status too, not only in `extensions`.
 */

/** Apollo's codes for a request it refused before running a resolver: always the client's doing. */
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'PERSISTED_QUERY_NOT_FOUND',
]);

interface ErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
  originalError?: unknown;
}

type Verdict =
  | { kind: 'limit'; status: 400; limit: GraphQLLimit; message: string }
  /** A refusal of ours: an HttpException, directly or through ApiExceptionFilter. */
  | { kind: 'http'; status: number; extensions: Record<string, unknown>; message: string }
  | { kind: 'client'; status: number }
  | { kind: 'bug'; status: 500; cause: unknown };

const isErrorLike = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

/** The error and what it wraps (Apollo wraps graphql-js errors, which wrap what a resolver threw). */
function chain(error: unknown): unknown[] {
  const links: unknown[] = [];
  for (let e: unknown = error; e !== undefined && e !== null && links.length < 10; e = isErrorLike(e) ? e.originalError : undefined) links.push(e);
  return links;
}

// Duck-typed where it can be: the graphql module Apollo loads is not always the one this file imports.
function judge(error: unknown): Verdict {
  const links = chain(error);
  for (const link of links) {
    const limit = isErrorLike(link) ? exceededLimit(link) : undefined;
    if (!limit) continue;
    const message = limit === 'tokens' ? `Token limit of ${GRAPHQL_LIMITS.tokens} exceeded.` : (link as ErrorLike).message;
    return { kind: 'limit', status: 400, limit, message };
  }
  const exception = links.find((link): link is HttpException => link instanceof HttpException);
  if (exception) {
    const made = toGraphQLError(exception);
    return { kind: 'http', status: exception.getStatus(), extensions: made.extensions as Record<string, unknown>, message: made.message };
  }
  const outer = isErrorLike(error) ? error : undefined;
  const statusCode = outer?.extensions?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { kind: 'http', status: statusCode, extensions: outer?.extensions ?? {}, message: outer?.message ?? '' };
  }
  const code = outer?.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code)) {
    const http = outer?.extensions?.http as { status?: unknown } | undefined;
    return { kind: 'client', status: typeof http?.status === 'number' && http.status >= 400 ? http.status : 400 };
  }
  return { kind: 'bug', status: 500, cause: links[links.length - 1] };
}

const logger = new Logger('GraphQL');

/**
 * Apollo's formatError: what the client reads. Our refusals keep their REST code (section 8: e.g.
 * 'intro-used', HTTP_401); the generic 'error' of a failed contract becomes BAD_USER_INPUT, the code
 * Apollo gives its own argument errors.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const verdict = judge(error);
  const { locations, path } = formatted;
  switch (verdict.kind) {
    case 'limit':
      return { message: verdict.message, locations, path, extensions: { code: LIMIT_EXCEEDED, limit: verdict.limit, max: GRAPHQL_LIMITS[verdict.limit] } };
    case 'http': {
      const extensions = { ...verdict.extensions };
      delete extensions.http;
      if (extensions.code === 'error') extensions.code = 'BAD_USER_INPUT';
      return { message: verdict.message, locations, path, extensions };
    }
    case 'client':
      return formatted;
    case 'bug': {
      const cause = verdict.cause;
      logger.error(cause instanceof Error ? (cause.stack ?? cause.message) : isErrorLike(cause) ? cause.message : String(cause));
      // A resolver's bug already says 'Internal server error' (ApiExceptionFilter): keep its HTTP_500.
      const code = formatted.extensions?.statusCode === 500 ? formatted.extensions.code : 'INTERNAL_SERVER_ERROR';
      return { message: 'Internal server error', locations, path, extensions: { code, statusCode: 500 } };
    }
  }
}

/** The HTTP status of an answer with these errors: a bug's 500 when there is one, else the first error's 4xx. */
export function graphqlErrorStatus(errors: readonly unknown[]): number {
  const statuses = errors.map((error) => judge(error).status);
  return statuses.find((status) => status >= 500) ?? statuses[0] ?? 200;
}

/**
 * Sets the status last, when the response is ready. @nestjs/apollo's own plugin would reset a
 * resolver error to 200 (preserveHttpStatusForExecutionErrors: false turns it off).
 */
export const graphqlHttpStatusPlugin: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      willSendResponse({ errors, response }) {
        if (errors?.length) response.http.status = graphqlErrorStatus(errors);
        return Promise.resolve();
      },
    });
  },
};
