import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ParseOptions, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * What one operation at POST /api/graph may ask for (ADR 0040). Measured on what the web sends
 * (apps/web/src/features/subscriptions/graphql/operations.ts, with the __typename Apollo Client adds):
 * at most 31 tokens, no alias, no directive, depth 3 (createSubscription.meta.paymentInfo), cost 12.5.
 * GraphiQL's introspection query is about 185 tokens (its __schema part counts for neither depth nor cost).
 */
export const GRAPHQL_LIMITS = {
  /** Counted by the parser, which stops there: 10,000 aliases are 30,002 tokens and never reach validation. */
  tokens: 1000,
  aliases: 15,
  /** The schema has no cycles: only introspection (__type) and nested fragments go deeper than 3. */
  depth: 6,
  directives: 10,
  /** graphql-armor's cost: 2 per object field, 1 per scalar, ×1.5 per level; 15 aliased createSubscriptions are ~190. */
  cost: 500,
} as const;

export type GraphQLLimit = 'tokens' | 'aliases' | 'depth' | 'directives' | 'cost';

/** The code of an operation refused by a limit; `extensions.limit` says which. */
export const LIMIT_EXCEEDED = 'OPERATION_LIMIT_EXCEEDED';

export const graphqlParseOptions: ParseOptions = { maxTokens: GRAPHQL_LIMITS.tokens };

/** graphql-js says so in its syntax error (16.x spells it "more that"): the only mark it leaves. */
const TOKEN_LIMIT_MESSAGE = /Document contains more tha[nt] \d+ tokens/;

/** Which limit refused this error's operation, or undefined when no limit did. */
export function exceededLimit(error: { message: string; extensions?: Record<string, unknown> }): GraphQLLimit | undefined {
  const limit = error.extensions?.limit;
  if (error.extensions?.code === LIMIT_EXCEEDED && typeof limit === 'string') return limit as GraphQLLimit;
  return TOKEN_LIMIT_MESSAGE.test(error.message) ? 'tokens' : undefined;
}

/**
 * Reports a refusal as a validation error (Apollo answers those 400 before executing anything) rather
 * than throwing, which graphql-armor does by default and which Apollo would answer as a 500.
 */
const refuse = (limit: GraphQLLimit) => ({
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: LIMIT_EXCEEDED, limit } })),
  ],
});

/**
 * GraphQL 16 executes `subscription { … }` against a schema without subscriptions and fails inside
 * execution (a 200 with INTERNAL_SERVER_ERROR); graphql-js 17's KnownOperationTypesRule refuses it
 * at validation, as this does.
 */
export const knownOperationTypeRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (!context.getSchema().getRootType(node.operation)) {
      context.reportError(new GraphQLError(`This API has no ${node.operation} operations.`, { nodes: node }));
    }
  },
});

export const graphqlValidationRules: ValidationRule[] = [
  knownOperationTypeRule,
  // allowList: [] counts aliases of __typename too (graphql-armor lets those through by default).
  maxAliasesRule({ n: GRAPHQL_LIMITS.aliases, allowList: [], ...refuse('aliases') }),
  maxDepthRule({ n: GRAPHQL_LIMITS.depth, ...refuse('depth') }),
  maxDirectivesRule({ n: GRAPHQL_LIMITS.directives, ...refuse('directives') }),
  costLimitRule({ maxCost: GRAPHQL_LIMITS.cost, ...refuse('cost') }),
];
