import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { userWithToken } from '../../test/subscription-fixtures';
import { PaymentProvidersService } from '../subscriptions/gateway/payment-providers.service';
import { notFound } from '../subscriptions/subscription-errors';

// Issue 29: GraphQL errors from a subscription selection answered 200 with INTERNAL_SERVER_ERROR.
// A client's mistake is now its 4xx with a clear code, in the status and in extensions; a bug is a
// 500 that says nothing of its internals.

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await userWithToken(t)).auth;
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

const graph = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = auth) => t.request('POST', '/api/graph', { query, variables }, headers);
const UNKNOWN = '7b0c0d5e-3c38-4a83-9f0b-0d0a4f1e2a11';
const PROVIDER = 'query { provider(providerType: CREDIT_CARD) { id provider publicKey } }';

describe('GraphQL errors answer their HTTP status (POST /api/graph)', () => {
  it('a subscription operation: 400 GRAPHQL_VALIDATION_FAILED (the schema has none), not a 200 INTERNAL_SERVER_ERROR', async () => {
    for (const query of ['subscription { provider(providerType: CREDIT_CARD) { id } }', 'subscription S { createSubscription { id } }']) {
      const res = await graph(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ errors: [expect.objectContaining({ message: 'This API has no subscription operations.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })] });
    }
  });

  it('no bearer token: 401 with HTTP_401', async () => {
    const res = await graph(PROVIDER, {}, {});
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Login required', code: 'HTTP_401' });
  });

  it.each([
    ['reactivateSubscription', `mutation { reactivateSubscription(id: "${UNKNOWN}") { id meta { paymentInfo } } }`],
    ['cancelSubscription', `mutation { cancelSubscription(id: "${UNKNOWN}") { id meta { paymentInfo } } }`],
    ['changePlan', `mutation { changePlan(subscription: "${UNKNOWN}", plan: "tenantad-79kr-14days") { id } }`],
    ['unsubscribeReason', `mutation { unsubscribeReason(reason: "found-portal", uuid: "${UNKNOWN}") { uuid } }`],
  ])('%s of an unknown subscription: 404 not-found', async (_name, query) => {
    const res = await graph(query);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].extensions).toMatchObject({ statusCode: 404, code: 'not-found' });
  });

  it('a bad argument: 400 BAD_USER_INPUT naming the field; a specific refusal keeps its code', async () => {
    const bad = await graph('mutation { cancelSubscription(id: "x") { id } }');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].extensions).toMatchObject({ statusCode: 400, code: 'BAD_USER_INPUT', field: 'id' });
    const nul = await graph('mutation($id: ID!) { reactivateSubscription(id: $id) { id } }', { id: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].extensions).toMatchObject({ code: 'nul-character', field: 'id' });
    const terms = await graph('mutation { createSubscription(input: {planId: "tenantad-intro-7days", meta: {firstName: "A", email: "a@b.dk", terms: false}}) { id } }');
    expect(terms.status).toBe(400);
    expect(terms.body.errors[0].extensions).toMatchObject({ code: 'terms-required', field: 'terms' });
    const variable = await graph('mutation($id: ID!) { cancelSubscription(id: $id) { id } }', { id: { nested: true } });
    expect(variable.status).toBe(400);
    expect(variable.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });

  it('a persisted-query hash: 400 PERSISTED_QUERY_NOT_SUPPORTED (was 400 INTERNAL_SERVER_ERROR)', async () => {
    const res = await t.request('POST', '/api/graph', { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }, auth);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toEqual({ code: 'PERSISTED_QUERY_NOT_SUPPORTED' });
  });

  it('an HttpException thrown while resolving a field (a missing relation) keeps its 404, not INTERNAL_SERVER_ERROR', async () => {
    vi.spyOn(t.app.get(PaymentProvidersService), 'byType').mockResolvedValueOnce({
      get id(): string {
        throw notFound('Payment provider');
      },
      provider: 'test',
      publicKey: 'test',
    });
    const res = await graph(PROVIDER);
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Payment provider not found', path: ['provider', 'id'], extensions: expect.objectContaining({ code: 'not-found', statusCode: 404 }) })]);
  });

  it('a bug in a resolver: 500 with nothing of its internals', async () => {
    vi.spyOn(t.app.get(PaymentProvidersService), 'byType').mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'secretKey')"));
    const res = await graph(PROVIDER);
    expect(res.status).toBe(500);
    expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Internal server error', extensions: expect.objectContaining({ statusCode: 500, code: 'HTTP_500' }) })]);
    expect(res.text).not.toContain('secretKey');
    expect(res.text).not.toContain('stacktrace');
  });

  it('a bug outside a resolver (null for a non-null field): 500 INTERNAL_SERVER_ERROR, the field not named', async () => {
    vi.spyOn(t.app.get(PaymentProvidersService), 'byType').mockResolvedValueOnce({ id: null as unknown as string, provider: 'test', publicKey: 'test' });
    const res = await graph(PROVIDER);
    expect(res.status).toBe(500);
    expect(res.body.errors).toEqual([expect.objectContaining({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', statusCode: 500 } })]);
    expect(res.text).not.toContain('PaymentProvider.id');
  });

  it('a good operation still answers 200 with its data', async () => {
    const res = await graph(PROVIDER);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { provider: { id: expect.any(String), provider: 'test', publicKey: 'test' } } });
  });
});
