import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { parse, print } from 'graphql';
import { createTestApp, type TestApp } from '../../test/test-app';
import { subscribe } from '../../test/factories';
import { seedOffers, userWithToken } from '../../test/subscription-fixtures';
import { GRAPHQL_LIMITS } from './graphql-limits';

// Issue 29: 10,000 aliased fields in one anonymous request took 3.5 s and held up every other request.
// Each limit refuses with 400 and OPERATION_LIMIT_EXCEEDED before anything runs; what the web sends passes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOffers(t.prisma);
});
afterAll(() => t.close());

const graph = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => t.request('POST', '/api/graph', { query, variables }, headers);

/** `count` copies of `item` joined by spaces. */
const many = (count: number, item: (i: number) => string) => Array.from({ length: count }, (_, i) => item(i)).join(' ');

function expectRefusedBy(res: Awaited<ReturnType<typeof graph>>, limit: string) {
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors.map((e: { extensions: unknown }) => e.extensions)).toContainEqual(
    expect.objectContaining({ code: 'OPERATION_LIMIT_EXCEEDED', limit, max: GRAPHQL_LIMITS[limit as keyof typeof GRAPHQL_LIMITS] }),
  );
}

describe('GraphQL operation limits (POST /api/graph)', () => {
  it('refuses 10,000 aliased fields from a visitor at parse time (the token limit)', async () => {
    const res = await graph(`{ ${many(10_000, (i) => `a${i}: __typename`)} }`);
    expectRefusedBy(res, 'tokens');
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].message).toBe(`Token limit of ${GRAPHQL_LIMITS.tokens} exceeded.`);
  });

  it('refuses a document over the token limit without an alias in it', async () => {
    expectRefusedBy(await graph(`{ ${many(GRAPHQL_LIMITS.tokens, () => '__typename')} }`), 'tokens');
  });

  it('refuses one alias more than the limit, within the token limit', async () => {
    const res = await graph(`{ ${many(GRAPHQL_LIMITS.aliases + 1, (i) => `a${i}: __typename`)} }`);
    expectRefusedBy(res, 'aliases');
    expect(res.body.errors[0].message).toBe(`Aliases limit of ${GRAPHQL_LIMITS.aliases} exceeded, found ${GRAPHQL_LIMITS.aliases + 1}.`);
    expect((await graph(`{ ${many(GRAPHQL_LIMITS.aliases, (i) => `a${i}: __typename`)} }`)).body).toEqual({ data: expect.objectContaining({ a0: 'Query' }) });
  });

  it('refuses a deep query: nested fragments, and nested introspection types', async () => {
    const nested = (levels: number): string => (levels === 0 ? '__typename' : `... on Query { ${nested(levels - 1)} }`);
    expectRefusedBy(await graph(`{ ${nested(GRAPHQL_LIMITS.depth + 1)} }`), 'depth');
    const typeRef = (levels: number): string => (levels === 0 ? 'name' : `name fields { type { ${typeRef(levels - 1)} } }`);
    expectRefusedBy(await graph(`{ __type(name: "Mutation") { ${typeRef(4)} } }`), 'depth');
  });

  it('refuses more directives than the limit', async () => {
    expectRefusedBy(await graph(`{ __typename ${many(GRAPHQL_LIMITS.directives + 1, () => '@include(if: true)')} }`), 'directives');
  });

  it('refuses a costly selection within the other limits (a wide list of fields, a fragment bomb)', async () => {
    const wide = `{ provider(providerType: CREDIT_CARD) { ${many(Math.ceil(GRAPHQL_LIMITS.cost / 1.5), () => 'id')} } }`;
    expectRefusedBy(await graph(wide), 'cost');
    const fragments = Array.from({ length: 6 }, (_, i) => `fragment F${i + 1} on Query { ${many(5, () => `...F${i}`)} }`).join(' ');
    expectRefusedBy(await graph(`{ ...F6 } fragment F0 on Query { __typename } ${fragments}`), 'cost');
  });

  it('lets every operation the web app sends through, as Apollo Client sends it (with __typename)', async () => {
    const source = readFileSync(join(__dirname, '../../../web/src/features/subscriptions/graphql/operations.ts'), 'utf8');
    const sent = new Map([...source.matchAll(/gql`([^`]*)`/g)].map(([, document]) => {
      const printed = print(addTypenameToDocument(parse(document)));
      return [/(?:query|mutation) (\w+)/.exec(printed)![1], printed] as const;
    }));
    expect([...sent.keys()].sort()).toEqual(['CancelSubscription', 'ChangePlan', 'CreateSubscription', 'PaymentProvider', 'ReactivateSubscription']);

    const { user, auth } = await userWithToken(t);
    const call = async (name: string, variables: Record<string, unknown> = {}) => {
      const res = await graph(sent.get(name)!, variables, auth);
      expect(res.body.errors, `${name}: ${res.text.slice(0, 300)}`).toBeUndefined();
      expect(res.status).toBe(200);
      return res.body.data;
    };
    expect((await call('PaymentProvider')).provider).toMatchObject({ provider: 'test', __typename: 'PaymentProvider' });
    const input = { planId: 'tenantad-249kr-30days', meta: { firstName: 'Mette', email: user.email, address: 'Vej 1', zipcode: '8000', city: 'Aarhus', phone: '20304050', country: 'Danmark', terms: true } };
    expect((await call('CreateSubscription', { input })).createSubscription.meta.paymentInfo).toEqual(expect.any(String));

    const other = await userWithToken(t);
    const running = await subscribe(t.prisma, other.user.id, 'tenantad-249kr-30days');
    const as = async (name: string, variables: Record<string, unknown>) => {
      const res = await graph(sent.get(name)!, variables, other.auth);
      expect(res.body.errors, `${name}: ${res.text.slice(0, 300)}`).toBeUndefined();
      return res.body.data;
    };
    expect((await as('CancelSubscription', { id: running.id })).cancelSubscription.id).toBe(running.id);
    expect((await as('ReactivateSubscription', { id: running.id })).reactivateSubscription.id).toBe(running.id);
    // A change needs a plan the provider holds (a real purchase); here it is enough that the resolver ran.
    const changed = await graph(sent.get('ChangePlan')!, { subscription: running.id, plan: 'tenantad-79kr-14days' }, other.auth);
    expect(changed.body.errors.map((e: { path?: string[] }) => e.path), changed.text.slice(0, 300)).toEqual([['changePlan']]);
  });
});
