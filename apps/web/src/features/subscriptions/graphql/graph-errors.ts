import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** The error code of a failed GraphQL call: REST's codes, in `extensions.code` (spec section 7). */
export function graphErrorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { code?: unknown; errors?: { extensions?: { code?: unknown } }[] };
      const code = body.code ?? body.errors?.[0]?.extensions?.code;
      return typeof code === 'string' ? code : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
