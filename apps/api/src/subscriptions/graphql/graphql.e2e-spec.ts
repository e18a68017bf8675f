import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { createRequire } from 'node:module';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { TokenService } from '../../common/auth/token.service';

// The schema's types come from the CommonJS graphql Nest loads; vitest's ESM import would be another realm.
const { printSchema } = createRequire(__filename)('graphql') as typeof import('graphql');
const SCHEMA_FILE = join(__dirname, '../../schema.gql');
const HEADER = '# Generated from the code-first resolvers (apps/api/src/subscriptions/graphql). Do not edit:\n# UPDATE_GRAPHQL_SCHEMA=1 npx vitest run apps/api/src/subscriptions/graphql/graphql.e2e-spec.ts\n\n';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = t.app.get(TokenService).issue((await createUser(t.prisma)).id);
});
afterAll(() => t.close());

const graph = (query: string, variables: Record<string, unknown> = {}, auth = true) =>
  t.request('POST', '/api/graph', { query, variables }, auth ? { authorization: `Bearer ${token}` } : {});

describe('GraphQL at POST /api/graph', () => {
  it('the committed schema.gql is the one the resolvers generate (CI fails when it drifts)', () => {
    const generated = HEADER + printSchema(t.app.get(GraphQLSchemaHost).schema) + '\n';
    // Run with UPDATE_GRAPHQL_SCHEMA=1 after changing a resolver or type, and commit the file.
    if (process.env.UPDATE_GRAPHQL_SCHEMA === '1') writeFileSync(SCHEMA_FILE, generated);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });

  it('answers the provider query with the configured provider (the test provider without Stripe keys)', async () => {
    const res = await graph('query { provider(providerType: CREDIT_CARD) { id provider publicKey } }');
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.provider).toMatchObject({ provider: 'test', publicKey: 'test' });
    expect(res.body.data.provider.id).toMatch(/^\d+$/);
  });

  it.each([
    ['query { provider(providerType: CREDIT_CARD) { id } }'],
    ['mutation { cancelSubscription(id: "7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11") { id } }'],
    ['mutation { reactivateSubscription(id: "7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11") { id } }'],
    ['mutation { changePlan(subscription: "7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11", plan: "tenantad-79kr-14days") { id } }'],
    ['mutation { createSubscription(input: {planId: "tenantad-intro-7days", meta: {firstName: "A", email: "a@b.dk", terms: true}}) { id meta { paymentInfo } } }'],
  ])('refuses %s without a bearer token: a GraphQL error with code HTTP_401', async (query) => {
    const res = await graph(query, {}, false);
    expect(Object.values(res.body.data ?? {}).every((v) => v === null)).toBe(true);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'HTTP_401', statusCode: 401 });
  });

  it('reports a refused input with the same code as REST (terms not accepted)', async () => {
    const res = await graph('mutation { createSubscription(input: {planId: "tenantad-intro-7days", meta: {firstName: "A", email: "a@b.dk", terms: false}}) { id } }');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'terms-required', statusCode: 400 });
    expect(res.body.errors[0].message).toBe('Subscription and payment terms must be accepted.');
    const rest = await t.request('POST', '/api/subscriptions', { planId: 'tenantad-intro-7days', terms: false, billing: { name: 'A', email: 'a@b.dk' } }, { authorization: `Bearer ${token}` });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'terms-required', field: 'terms' });
  });
});
