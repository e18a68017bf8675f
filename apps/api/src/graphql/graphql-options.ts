import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { AppConfig } from '../config/app-config';
import { formatGraphQLError, graphqlHttpStatusPlugin } from './graphql-errors';
import { graphqlParseOptions, graphqlValidationRules } from './graphql-limits';

/**
 * POST /api/graph (spec section 7), code first. The schema is built in memory; the committed
 * apps/api/src/schema.gql is checked against it by graphql.e2e-spec.ts. Every operation passes the
 * limits of graphql-limits.ts before it runs, and every error answers its own HTTP status (ADR 0040).
 */
export function graphqlOptions(config: AppConfig): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    path: '/graph',
    useGlobalPrefix: true,
    autoSchemaFile: true,
    sortSchema: true,
    // No GraphiQL and no landing page: with graphiql false Nest's driver adds Apollo's LandingPageDisabled plugin.
    graphiql: false,
    introspection: config.env !== 'production',
    plugins: [graphqlHttpStatusPlugin],
    parseOptions: graphqlParseOptions,
    validationRules: graphqlValidationRules,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    // The web sends whole documents; an APQ cache would only be memory anyone can fill.
    persistedQueries: false,
    // formatGraphQLError maps HttpExceptions itself; Nest's mapping makes a 404 an INTERNAL_SERVER_ERROR.
    autoTransformHttpErrors: false,
    // Nest's plugin would answer a resolver's refusal 200; graphqlHttpStatusPlugin sets the real status.
    preserveHttpStatusForExecutionErrors: false,
  };
}
