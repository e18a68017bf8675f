import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  billingDetailsSchema,
  boligagentAdjustSchema,
  boligagentPrefRefQuerySchema,
  boligagentPrefRefSchema,
  boligagentRefQuerySchema,
  boligagentSettingsSchema,
  cancelSubscriptionRequestSchema,
  changeNameRequestSchema,
  changePasswordRequestSchema,
  changePlanRequestSchema,
  consentRequestSchema,
  createBoligagentSchema,
  createSubscriptionRequestSchema,
  emailRequestSchema,
  languageHandoffRedeemSchema,
  languageHandoffRequestSchema,
  loginRequestSchema,
  notificationLogSchema,
  eventRequestSchema,
  contactRequestSchema,
  errorBeaconQuerySchema,
  serializeSessionPrefsCookie,
  setPasswordRequestSchema,
  signupRequestSchema,
  subscriptionIdParamSchema,
  landlordContactRequestSchema,
  tenantAdRequestSchema,
  testPaymentConfirmRequestSchema,
  tokenRequestSchema,
  updateBoligagentSchema,
  verifyPasswordRequestSchema,
  foundHomeRequestSchema,
  manualUnsubscribeRequestSchema,
  unsubscribeConfirmRequestSchema,
  unsubscribeReasonRequestSchema,
  unsubscribeReasonSchema,
} from '@husly/contracts';
import { JobQueue } from '../infra/queue/job-queue.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCity, createDwelling, createUser, unique } from '../../test/factories';
import { createScratchDatabase } from '../../test/scratch-database';
import { seedOffers } from '../../test/subscription-fixtures';
import { TokenService } from './auth/token.service';

// Issue 12 §2: bad input is a 4xx naming the field, never a 5xx, and changes nothing. The bad
// variants are derived from each route's contract: every field of the schema (nested ones too) gets
// a NUL, an unpaired surrogate, numbers beyond int4, wrong types, a 1 MB string and deep nesting;
// query strings get repeated parameters; path segments and page paths get the same texts. The
// enumeration is fixed (no randomness), so every run sends the same requests.
//
// The app runs on a database of its own, so "nothing changed" is a checksum of every table.
// About 2,000 requests: seconds on an idle machine, far more on a loaded one, hence the timeout.
const FUZZ_TIMEOUT_MS = 300_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Path = Array<string | number>;
type Json = unknown;

interface BodyRoute {
  method: Method;
  url: string;
  schema: z.ZodType;
  base: Record<string, Json>;
  auth?: boolean;
  /** Headers the route needs to get past its door (the handoff form's Origin). */
  headers?: Record<string, string>;
  /** A GraphQL operation at POST /api/graph: `base` is its variables, `schema` their contract. */
  graphql?: string;
}

/** Placeholder replaced by deeply nested arrays in the raw JSON text (JSON.stringify would recurse). */
const DEEP = '__deeply_nested__';
const DEPTH = 20_000;
const deepJson = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const ONE_MB = 'x'.repeat(1_000_000);

/**
 * The bad values a field gets, given its valid value: every field the texts PostgreSQL refuses,
 * numbers beyond int4 and wrong types; a text field a 1 MB string, an array or object field deep
 * nesting (the other combinations are wrong types already covered, and each costs a request).
 */
function badValues(valid: Json): Array<[string, Json]> {
  const text = typeof valid === 'string' ? valid : 'abc';
  const values: Array<[string, Json]> = [
    ['NUL', `${text}\u0000`],
    ['unpaired surrogate', `${text}\ud800`],
    ['low surrogate first', `\udc00${text}`],
    ['int4 max + 1', 2 ** 31],
    ['int4 min - 1', -(2 ** 31) - 1],
    ['huge float', 1e300],
    ['boolean', true],
    ['object', { a: 1 }],
    ['array of strings', [text, text]],
  ];
  if (typeof valid === 'string' || valid === undefined) values.push(['1 MB string', ONE_MB]);
  if (valid !== null && typeof valid === 'object') values.push(['deep nesting', DEEP]);
  return values;
}

// --- walking a zod 4 schema ------------------------------------------------------------------------

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The object shape under wrappers, pipes (queryParams, preprocess) and transforms; null if none. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (WRAPPERS.has(def.type) && def.innerType) return objectShape(def.innerType);
  if (def.type === 'pipe') return (def.out && objectShape(def.out)) ?? (def.in && objectShape(def.in)) ?? null;
  return null;
}

function arrayElement(schema: z.ZodType): z.ZodType | null {
  const def = defOf(schema);
  if (def.type === 'array') return def.element ?? null;
  if (WRAPPERS.has(def.type) && def.innerType) return arrayElement(def.innerType);
  return null;
}

function isRecord(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'record') return true;
  return WRAPPERS.has(def.type) && def.innerType ? isRecord(def.innerType) : false;
}

/** Every field path of the schema: top-level keys, keys of nested objects, of the first array element and of records. */
function fieldPaths(schema: z.ZodType, base: Json, prefix: Path = []): Path[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  const paths: Path[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const path = [...prefix, key];
    paths.push(path);
    const element = arrayElement(field);
    if (element && objectShape(element)) paths.push(...fieldPaths(element, null, [...path, 0]));
    else if (objectShape(field)) paths.push(...fieldPaths(field, null, path));
    else if (isRecord(field)) {
      const value = valueAt(base, path);
      for (const k of value && typeof value === 'object' ? Object.keys(value) : []) paths.push([...path, k]);
    }
  }
  return paths;
}

function valueAt(value: Json, path: Path): Json {
  return path.reduce<Json>((v, key) => (v && typeof v === 'object' ? (v as Record<string, Json>)[key] : undefined), value);
}

function withValue(base: Record<string, Json>, path: Path, value: Json): Record<string, Json> {
  const copy = structuredClone(base);
  let target: Record<string | number, Json> = copy;
  for (const key of path.slice(0, -1)) {
    if (!target[key] || typeof target[key] !== 'object') target[key] = typeof key === 'number' ? [] : {};
    target = target[key] as Record<string | number, Json>;
  }
  target[path[path.length - 1]] = value;
  return copy;
}

const rawJson = (body: Json) => JSON.stringify(body).replace(JSON.stringify(DEEP), deepJson);

// --- the database, before and after ----------------------------------------------------------------

/**
 * Every table's row count and content checksum. The list version and change log tables are
 * bookkeeping of the list cache (a read may fold and prune them), not data a request changes.
 */
async function databaseChecksum(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.prisma.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('dwelling_list_version', 'dwelling_list_changes', 'dwelling_list_log', 'dwelling_list_log_marks', 'dwelling_list_log_bound') ORDER BY table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.prisma.$queryRawUnsafe<Array<{ n: number; sum: string }>>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`,
    );
    sums[name] = `${row.n}:${row.sum}`;
  }
  return sums;
}

describe('bad input on every route (issue 12 §2)', () => {
  let t: TestApp;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let auth: Record<string, string>;
  let routes: BodyRoute[];
  let city: { id: number; slug: string; label: string };
  let user: { id: number; email: string | null };
  let agent: { id: number; token: string };
  let dwellingId: number;
  let subscription: { id: string; pendingSecret: string; transactionId: number };
  const password = 'hemmelig-kode-1';

  beforeAll(async () => {
    scratch = await createScratchDatabase('husly_bad_input');
    t = await createTestApp({ env: { DATABASE_URL: scratch.url } });
    city = await createCity(t.prisma);
    dwellingId = (await createDwelling(t.prisma, { cityId: city.id })).id;
    user = await createUser(t.prisma, { password });
    auth = { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` };
    agent = await t.prisma.boligagent.create({
      data: { email: `agent-${unique()}@husly.test`, language: 'da', token: `agent-token-${unique()}`, verifiedAt: new Date() },
    });
    await t.prisma.boligagentPref.create({ data: { boligagentId: agent.id, cityId: city.id, rent: 8000, status: 'ACTIVE' } });
    subscription = await subscribeThroughApi();

    const pref = { area: city.slug, rent: 8000, rooms: 2, size: 50 };
    const agentRef = { token: agent.token, id: agent.id };
    routes = [
      { method: 'POST', url: '/api/auth/login', schema: loginRequestSchema, base: { email: user.email, password, prefs: [pref] } },
      { method: 'POST', url: '/api/auth/handoff', schema: languageHandoffRequestSchema, base: { language: 'en' }, auth: true },
      {
        method: 'POST',
        url: '/api/auth/handoff/redeem',
        schema: languageHandoffRedeemSchema,
        base: { code: 'no-such-code', next: '/byer' },
        headers: { origin: 'http://localhost:3000' },
      },
      {
        method: 'POST',
        url: '/api/users',
        schema: signupRequestSchema,
        base: {
          email: `ny-${unique()}@husly.test`,
          name: 'Ny Bruger',
          password,
          repeatPassword: password,
          terms: true,
          consent_communication: true,
          sessionPrefs: [pref],
          utm: { source: 'mail', campaign: 'x', medium: 'y', content: 'z', term: 'w' },
        },
      },
      { method: 'PUT', url: '/api/users/reset-password', schema: emailRequestSchema, base: { email: user.email } },
      { method: 'POST', url: '/api/users/verify-password', schema: verifyPasswordRequestSchema, base: { data: { token: 'not-a-token', email: 'a@b.dk' } } },
      { method: 'POST', url: '/api/users/me/pass', schema: changePasswordRequestSchema, base: { newPassword: 'ny-kode-12345', oldPassword: password, repeat: 'ny-kode-12345' }, auth: true },
      { method: 'PUT', url: '/api/users/me/set-password', schema: setPasswordRequestSchema, base: { password: 'ny-kode-12345', repeat: 'ny-kode-12345' }, auth: true },
      { method: 'POST', url: '/api/users/me/email', schema: emailRequestSchema, base: { email: `skift-${unique()}@husly.test` }, auth: true },
      { method: 'POST', url: '/api/users/me/set-email', schema: emailRequestSchema, base: { email: `skift-${unique()}@husly.test` }, auth: true },
      { method: 'POST', url: '/api/users/me/resend-verification', schema: emailRequestSchema, base: { email: user.email }, auth: true },
      { method: 'POST', url: '/api/users/me/verify-email', schema: tokenRequestSchema, base: { token: 'not-a-token' }, auth: true },
      { method: 'POST', url: '/api/users/me/change-name', schema: changeNameRequestSchema, base: { name: 'Nyt Navn' }, auth: true },
      { method: 'POST', url: '/api/users/me/consent', schema: consentRequestSchema, base: { consent: false }, auth: true },
      {
        method: 'POST',
        url: '/api/boligagents',
        schema: createBoligagentSchema,
        base: { email: `besoeg-${unique()}@husly.test`, prefs: [pref], language: 'da', frequency: 'daily' },
      },
      {
        method: 'PUT',
        url: '/api/boligagents',
        schema: updateBoligagentSchema,
        base: { ...agentRef, area: city.slug, prefs: [pref], frequency: 'weekly', enabled: false, language: 'en' },
      },
      { method: 'PUT', url: '/api/boligagents/pref', schema: boligagentPrefRefSchema, base: { ...agentRef, area: city.slug } },
      { method: 'POST', url: '/api/boligagents/settings', schema: boligagentSettingsSchema, base: { ...agentRef, autoAdjust: false, frequency: 'weekly', enabled: false } },
      {
        method: 'POST',
        url: '/api/boligagents/adjust',
        schema: boligagentAdjustSchema,
        base: { area: city.slug, current: { rent: 12000, rooms: 1, size: 20 }, user: user.id, detail: dwellingId },
        auth: true,
      },
      { method: 'POST', url: '/api/notificationLog', schema: notificationLogSchema, base: { user: 'someone', source: 'boligagent', type: 'click', dwellingId } },
      { method: 'POST', url: '/api/contact', schema: contactRequestSchema, base: { name: 'Sofie Søger', email: 'sofie@husly.test', subject: 'Spørgsmål', message: 'Hvordan opsiger jeg mit abonnement?' } },
      { method: 'POST', url: '/api/event', schema: eventRequestSchema, base: { type: 'subscription/cancel-abort', payload: { step: 'warning', count: 1 } } },
      ...subscriptionRoutes(),
      ...unsubscribeRoutes(),
      ...tenantAdRoutes(),
    ];
  });

  /**
   * The tenant ad: the seeker's save (the rules of libs/domain answer the variants the contract takes),
   * and a landlord's message to ad 1 (the body is checked before the id is looked up or counted).
   */
  function tenantAdRoutes(): BodyRoute[] {
    const now = new Date();
    const available = `01/${String(((now.getUTCMonth() + 2) % 12) + 1).padStart(2, '0')}/${now.getUTCFullYear() + 1}`;
    return [
      {
        method: 'POST',
        url: '/api/users/me/tenant',
        schema: tenantAdRequestSchema,
        base: {
          profile: { name: 'Sofie Søger', email: 'sofie@husly.test', phone: '12345678', phonealt: '87654321', gender: 'female', age: 30, profession: 'Lærer', rki: true },
          housing: { area: city.slug, rent: 8000, rooms: 2, size: 50, dwelling: ['apartment'], timeframe: ['gt1y'], available },
          ad: { subject: 'Lærer søger lejlighed', text: 'Rolig og ikke-ryger.' },
          publish: true,
        },
        auth: true,
      },
      // The link that proves the ad's address (issue 29): a bad token body changes nothing.
      { method: 'POST', url: '/api/users/me/tenant/verify-email', schema: tokenRequestSchema, base: { token: 'not-a-token' }, auth: true },
      { method: 'POST', url: '/api/tenant-ads/1/contact', schema: landlordContactRequestSchema, base: { name: 'Jens Udlejer', email: 'jens@udlejer.dk', phone: '11223344', message: 'Jeg har en lejlighed til dig.' } },
    ];
  }

  const billing = { name: 'Sofie Søger', email: 'sofie@husly.test', address: 'Nørregade 2', zipcode: '8000', city: 'Aarhus C', country: 'Danmark', phone: '12345678' };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Sofie Søger' };

  /**
   * The user gets a paid subscription (with its receipt) and a second one waiting for payment, bought
   * through the API before the checksums are taken, so every route that names one has a real one.
   */
  async function subscribeThroughApi() {
    await seedOffers(t.prisma);
    const buy = () => t.request('POST', '/api/subscriptions', { planId: 'tenantad-249kr-30days', terms: true, billing }, auth);
    const paid = await buy();
    const pending = await buy();
    expect(paid.status).toBe(201);
    expect((await t.request('POST', `/api/subscriptions/test-payments/${paid.body.meta.paymentInfo}/confirm`, card, auth)).status).toBe(200);
    // The provider row exists from here on: the provider query creates it on a database without one.
    expect((await t.request('POST', '/api/graph', { query: '{ provider(providerType: CREDIT_CARD) { id } }' }, auth)).status).toBe(200);
    // The payment's jobs (receipt, sync) write the transaction after the answer: settled before the checksums.
    await t.app.get(JobQueue).drain();
    const receipt = await t.prisma.transaction.findFirstOrThrow({ where: { subscriptionId: paid.body.id } });
    return { id: paid.body.id as string, pendingSecret: pending.body.meta.paymentInfo as string, transactionId: receipt.id };
  }

  /** The unsubscribe flows of issue 14: REST bodies and the legacy GraphQL mutations. */
  function unsubscribeRoutes(): BodyRoute[] {
    const manual = { email: 'sofie@husly.test', name: 'Sofie Søger', phone: '+45 12 34 56 78', orderno: '1001', message: 'Jeg har fundet en bolig' };
    const gql = (query: string, schema: z.ZodType, base: Record<string, Json>): BodyRoute => ({ method: 'POST', url: '/api/graph', schema, base, auth: true, graphql: query });
    return [
      { method: 'POST', url: `/api/subscriptions/cancel/${subscription.id}`, schema: unsubscribeReasonRequestSchema, base: { reason: { foundDwelling: false, text: 'For dyrt' } }, auth: true },
      { method: 'POST', url: '/api/unsubscribe/manual', schema: manualUnsubscribeRequestSchema, base: manual },
      { method: 'POST', url: '/api/unsubscribe/confirm', schema: unsubscribeConfirmRequestSchema, base: { token: 'not-a-token' } },
      { method: 'POST', url: '/api/users/me/found-home', schema: foundHomeRequestSchema, base: { unsubscription: subscription.id }, auth: true },
      gql(
        'mutation($reason: String!, $uuid: String!) { unsubscribeReason(reason: $reason, uuid: $uuid) { uuid } }',
        z.object({ reason: unsubscribeReasonSchema, uuid: subscriptionIdParamSchema.shape.id }),
        { reason: 'FOUND_NO_DWELLING', uuid: subscription.id },
      ),
      gql(
        'mutation($email: String!, $name: String!, $phone: String!, $orderno: String, $message: String) { unsubscribeManual(email: $email, name: $name, phone: $phone, orderno: $orderno, message: $message) { uuid } }',
        manualUnsubscribeRequestSchema,
        manual,
      ),
    ];
  }

  /** The subscription routes of issue 13: REST bodies, and the GraphQL operations with their variables' contracts. */
  function subscriptionRoutes(): BodyRoute[] {
    const b = billingDetailsSchema.shape;
    const create = createSubscriptionRequestSchema.shape;
    const gql = (query: string, schema: z.ZodType, base: Record<string, Json>): BodyRoute => ({ method: 'POST', url: '/api/graph', schema, base, auth: true, graphql: query });
    const createInput = z.object({
      input: z.object({
        planId: create.planId,
        providerId: create.providerId,
        meta: z.object({ firstName: b.name, email: b.email, address: b.address, zipcode: b.zipcode, city: b.city, country: b.country, phone: b.phone, terms: create.terms }),
      }),
    });
    const { name, ...rest } = billing;
    return [
      { method: 'POST', url: '/api/subscriptions', schema: createSubscriptionRequestSchema, base: { planId: 'tenantad-79kr-14days', providerId: 1, terms: true, billing }, auth: true },
      { method: 'POST', url: '/api/subscriptions/change', schema: changePlanRequestSchema, base: { subscription: subscription.id, plan: 'tenantad-79kr-14days' }, auth: true },
      { method: 'POST', url: '/api/subscriptions/cancel', schema: cancelSubscriptionRequestSchema, base: { id: subscription.id }, auth: true },
      { method: 'POST', url: `/api/subscriptions/test-payments/${subscription.pendingSecret}/confirm`, schema: testPaymentConfirmRequestSchema, base: card, auth: true },
      gql('query($providerType: ProviderType!) { provider(providerType: $providerType) { id } }', z.object({ providerType: z.enum(['CREDIT_CARD']) }), { providerType: 'CREDIT_CARD' }),
      gql(
        'mutation($input: CreateSubscriptionInput!) { createSubscription(input: $input) { id meta { paymentInfo } } }',
        createInput,
        { input: { planId: 'tenantad-79kr-14days', providerId: '1', meta: { firstName: name, ...rest, terms: true } } },
      ),
      gql('mutation($id: ID!) { reactivateSubscription(id: $id) { id } }', subscriptionIdParamSchema, { id: subscription.id }),
      gql('mutation($id: ID!) { cancelSubscription(id: $id) { id } }', subscriptionIdParamSchema, { id: subscription.id }),
      gql(
        'mutation($subscription: ID!, $plan: String!) { changePlan(subscription: $subscription, plan: $plan) { id } }',
        z.object({ subscription: changePlanRequestSchema.shape.subscription, plan: changePlanRequestSchema.shape.plan }),
        { subscription: subscription.id, plan: 'tenantad-79kr-14days' },
      ),
    ];
  }
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  async function send(method: Method, url: string, payload?: string, headers: Record<string, string> = {}) {
    const response = await t.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method,
        url,
        headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        payload,
      });
    return { status: response.statusCode, body: response.body };
  }

  /** Sends every case; returns those answered with a 5xx (or, where `expect4xx`, with anything but a 4xx). */
  /**
   * Sends every case; returns those answered with a 5xx (or, where `expect4xx`, with anything but a 4xx).
   * A GraphQL answer is refused when it is a 4xx or a 200 whose errors all carry a 4xx statusCode: a
   * resolver's 500 arrives as a 200 with an error, so the status alone says nothing.
   */
  async function sendAll(cases: Array<{ name: string; method: Method; url: string; payload?: string; headers?: Record<string, string>; expect4xx?: boolean; graphql?: boolean }>) {
    const wrong: string[] = [];
    for (const c of cases) {
      const { status, body } = await send(c.method, c.url, c.payload, c.headers);
      const refused = c.graphql ? status === 200 ? graphqlRefused(body) : status >= 400 && status < 500 : status >= 400 && status < 500;
      if (status >= 500 || (c.expect4xx && !refused)) wrong.push(`${c.name}: ${status} ${body.slice(0, 200)}`);
    }
    return wrong;
  }

  it('answers every bad variant of every body with a 4xx and changes nothing', async () => {
    const before = await databaseChecksum(t);
    const cases: Parameters<typeof sendAll>[0] = [];
    for (const route of routes) {
      const headers = { ...(route.auth ? auth : {}), ...route.headers };
      const label = `${route.method} ${route.url}`;
      expect(route.schema.safeParse(route.base).success, `${label}: the base body is valid`).toBe(true);
      // The body as a whole: wrong JSON types, malformed JSON, deep nesting, a prototype key.
      for (const [name, payload] of [
        ['array body', '[]'],
        ['string body', '"x"'],
        ['number body', '1e999'],
        ['malformed JSON', '{"email": '],
        ['deeply nested body', deepJson],
        ['__proto__ key', '{"__proto__": {"admin": true}}'],
      ]) {
        cases.push({ name: `${label} ${name}`, method: route.method, url: route.url, payload, headers, expect4xx: true });
      }
      if (route.graphql) {
        // The GraphQL envelope: variables of the wrong type, a query nested beyond any parser's stack.
        for (const [name, payload] of [
          ['variables array', JSON.stringify({ query: route.graphql, variables: [] })],
          ['variables string', JSON.stringify({ query: route.graphql, variables: 'x' })],
          ['query NUL', JSON.stringify({ query: `${route.graphql}\u0000`, variables: route.base })],
          ['deeply nested query', JSON.stringify({ query: `{ ${'provider(providerType: CREDIT_CARD) { '.repeat(DEPTH / 4)}id${' }'.repeat(DEPTH / 4)} }` })],
        ]) {
          cases.push({ name: `${label} ${route.graphql.slice(0, 40)} ${name}`, method: route.method, url: route.url, payload, headers, expect4xx: true, graphql: true });
        }
      }
      for (const path of fieldPaths(route.schema, route.base)) {
        for (const [name, value] of badValues(valueAt(route.base, path))) {
          const body = withValue(route.base, path, value);
          const parsed = JSON.parse(rawJson(body)) as Json;
          // Only variants the contract itself refuses: one it accepts may rightly change something.
          if (route.schema.safeParse(parsed).success) continue;
          const payload = route.graphql ? rawJson({ query: route.graphql, variables: body }) : rawJson(body);
          const where = route.graphql ? `${route.graphql.slice(0, 40)} ${path.join('.')}` : path.join('.');
          cases.push({ name: `${label} ${where} = ${name}`, method: route.method, url: route.url, payload, headers, expect4xx: true, graphql: route.graphql !== undefined });
        }
      }
    }
    expect(cases.length).toBeGreaterThan(800);
    expect(await sendAll(cases)).toEqual([]);
    expect(await databaseChecksum(t)).toEqual(before);
  }, FUZZ_TIMEOUT_MS);

  /** Query strings: bad values per parameter, each parameter repeated, bracket syntax. */
  function queryCases(method: Method, path: string, base: Record<string, string>, options: { refusedBy?: z.ZodType; headers?: Record<string, string> } = {}) {
    const values: Array<[string, string]> = [
      ['NUL', '%00'],
      ['NUL inside', 'ab%00cd'],
      ['encoded surrogate', '%ED%A0%80'],
      ['broken UTF-8', '%F0%9F'],
      ['broken escape', '%E0%A4%A'],
      ['int4 max + 1', '2147483648'],
      ['beyond bigint', '99999999999999999999999'],
      ['negative', '-99999999999'],
      ['exponent', '1e400'],
      ['wildcards', '%25%25'],
      ['trailing escape', '%25%5C'],
      ['underscore', '_'],
      ['10 kB', 'x'.repeat(10_000)],
    ];
    const encode = (q: Record<string, string>) => Object.entries(q).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
    const cases: Parameters<typeof sendAll>[0] = [];
    for (const key of Object.keys(base)) {
      const others = encode(Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)));
      const variants: Array<[string, string[], Record<string, unknown>]> = [
        ...values.map(([name, raw]): [string, string[], Record<string, unknown>] => [name, [`${key}=${raw}`], { [key]: safeDecode(raw) }]),
        ['repeated', [`${key}=${encodeURIComponent(base[key])}`, `${key}=${encodeURIComponent(base[key])}`], { [key]: [base[key], base[key]] }],
        ['repeated, different', [`${key}=${encodeURIComponent(base[key])}`, `${key}=other`], { [key]: [base[key], 'other'] }],
        ['brackets', [`${key}[]=${encodeURIComponent(base[key])}`], { [`${key}[]`]: base[key] }],
        ['nested brackets', [`${key}[a][b]=1`], { [`${key}[a][b]`]: '1' }],
      ];
      for (const [name, parts, value] of variants) {
        if (options.refusedBy) {
          const query = { ...Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)), ...value };
          if (options.refusedBy.safeParse(query).success) continue;
        }
        cases.push({
          name: `${method} ${path} ${key} = ${name}`,
          method,
          url: `${path}?${[...others, ...parts].join('&')}`,
          headers: options.headers,
          expect4xx: options.refusedBy !== undefined,
        });
      }
    }
    return cases;
  }

  it('answers bad query strings, path segments and page paths without a 5xx and changes nothing', async () => {
    const before = await databaseChecksum(t);
    // Issue 15's filters and sort too (docs/decisions/0013).
    const filters = {
      rent: '8000', rooms: '2', size: '50', start: '0', pageSize: '10',
      pets: '1', type: 'apartment', movein: '2027-01-01', timeframe: 'gt1y', monthly: '12000', sort: 'rent-per-m2',
    };
    const agentRef = { token: agent.token, id: String(agent.id) };
    const cases: Parameters<typeof sendAll>[0] = [
      ...queryCases('GET', '/api/dwellings/search', { q: city.label, ...filters }, { headers: auth }),
      ...queryCases('GET', `/api/dwellings/area/${city.slug}`, filters),
      ...queryCases('GET', '/api/dwellings/latest', { start: '0', count: '5', pageSize: '5' }),
      ...queryCases('GET', '/api/users/verify', { token: 'not-a-token' }),
      ...queryCases('GET', '/sitemap.xml', { page: '1' }),
      ...queryCases('GET', '/api/auth/facebook', { next: '/profile' }),
      ...queryCases('GET', '/api/auth/facebook/callback', { code: 'x', state: 'y' }),
      // A valid beacon is logged and counted (rate_limits): only the refused variants are sent.
      // No parameters of its own: extra and repeated ones are ignored, never a 5xx.
      ...queryCases('GET', '/api/alerts', { page: '1' }),
      ...queryCases('GET', '/i.gif', { error: 'TypeError: x is undefined', path: '/vis/1' }, { refusedBy: errorBeaconQuerySchema }),
      ...queryCases('DELETE', '/api/boligagents', agentRef, { refusedBy: boligagentRefQuerySchema }),
      ...queryCases('DELETE', '/api/boligagents/pref', { ...agentRef, area: city.slug }, { refusedBy: boligagentPrefRefQuerySchema }),
      // The subscription routes take no query parameters; they must still survive any.
      ...queryCases('GET', '/api/subscriptions/offers', { id: subscription.id }, { headers: auth }),
      ...queryCases('GET', '/api/subscriptions/transactions', { id: String(subscription.transactionId) }, { headers: auth }),
      ...queryCases('GET', `/api/subscriptions/transactions/${subscription.transactionId}`, { id: '1' }, { headers: auth }),
      // The tenant ad routes take no query parameters either.
      ...queryCases('GET', '/api/users/me/tenant', { area: city.slug }, { headers: auth }),
      ...queryCases('GET', `/api/tenant-ads/${city.slug}`, { start: '0' }),
      // Nor do the favourites' lists.
      ...queryCases('GET', '/api/users/me/favourites', { start: '0' }, { headers: auth }),
      ...queryCases('GET', '/api/users/me/favourites/ids', { id: '1' }, { headers: auth }),
    ];
    const segments = [
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%F0%9F',
      '%E0%A4%A',
      '2147483648',
      '99999999999999999999999',
      '-1',
      '0',
      '%25%25',
      '%25%5C',
      '_',
      '..%2F..%2Fetc%2Fpasswd',
      'x'.repeat(2_000),
    ];
    const apiRoutes: Array<[Method, (s: string) => string]> = [
      ['GET', (s) => `/api/dwellings/${s}`],
      ['GET', (s) => `/api/dwellings/${s}/agent`],
      ['GET', (s) => `/api/dwellings/area/${s}`],
      ['GET', (s) => `/api/boligagents/${s}`],
      ['POST', (s) => `/api/boligagents/${s}/verify`],
      ['POST', (s) => `/api/boligagents/unsubscribe/${s}`],
      ['GET', (s) => `/api/boligagents/unsubscribe/${s}`],
      ['GET', (s) => `/media/dwellings/${s}.jpg`],
      ['GET', (s) => `/api/subscriptions/reactivate/${s}`],
      ['DELETE', (s) => `/api/subscriptions/${s}`],
      ['POST', (s) => `/api/subscriptions/${s}/withdraw`],
      ['GET', (s) => `/api/subscriptions/transactions/${s}`],
      ['GET', (s) => `/api/tenant-ads/${s}`],
      ['POST', (s) => `/api/tenant-ads/${s}/contact`],
      ['PUT', (s) => `/api/users/me/favourites/${s}`],
      ['DELETE', (s) => `/api/users/me/favourites/${s}`],
    ];
    for (const [method, url] of apiRoutes) {
      for (const s of segments) cases.push({ name: `${method} ${url(s)}`, method, url: url(s), headers: auth });
    }
    // The uuid of cancel/{uuid} with a valid reason: one that cannot exist is a 404 before any lookup or throttle.
    for (const s of segments) {
      const url = `/api/subscriptions/cancel/${s}`;
      cases.push({ name: `POST ${url}`, method: 'POST', url, payload: JSON.stringify({ reason: 'FOUND_NO_DWELLING' }), headers: auth, expect4xx: true });
    }
    // The client secret of the test payment form: refused at the edge (a 400 naming it, or the card's
    // 400 for a secret that may exist), so no guess reaches the lookup or its throttle here.
    for (const s of segments) {
      const url = `/api/subscriptions/test-payments/${s}/confirm`;
      cases.push({ name: `POST ${url}`, method: 'POST', url, payload: JSON.stringify({ cardNumber: '' }), headers: auth, expect4xx: true });
    }
    // The webhook: nothing but a valid signature over the raw body gets in (the test provider has none).
    const event = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { object: 'invoice', id: 'in_1' } } });
    const webhookBodies: Array<[string, string]> = [
      ['event', event],
      ['NUL', event.replace('evt_1', 'evt\\u0000')],
      ['surrogate', event.replace('evt_1', 'evt\\ud800')],
      ['array body', '[]'],
      ['string body', '"x"'],
      ['malformed JSON', '{"id": '],
      ['deeply nested body', deepJson],
      ['1 MB string', JSON.stringify({ id: ONE_MB })],
      ['__proto__ key', '{"__proto__": {"admin": true}}'],
    ];
    const signatures: Array<[string, Record<string, string>]> = [
      ['no signature', {}],
      ['garbage signature', { 'stripe-signature': 't=1,v1=abc' }],
      ['huge signature', { 'stripe-signature': `t=${'9'.repeat(400)},v1=${'a'.repeat(10_000)}` }],
      ['repeated signature', { 'stripe-signature': 't=1,v1=abc,t=2,v1=def,v0=x' }],
    ];
    for (const [bodyName, payload] of webhookBodies) {
      for (const [signatureName, headers] of signatures) {
        cases.push({ name: `POST /api/subscriptions/webhook ${bodyName}, ${signatureName}`, method: 'POST', url: '/api/subscriptions/webhook', payload, headers, expect4xx: true });
      }
    }
    // Pages rendered on the server run their loaders against the API (a render costs more: fewer texts).
    const pages: Array<(s: string) => string> = [
      (s) => `/${s}`,
      (s) => `/vis/${s}`,
      (s) => `/boligagent/${s}`,
      (s) => `/boligagent/afmeld/${s}`,
      (s) => `/search?q=${s}`,
      (s) => `/search?q=${s}&q=${s}`,
      (s) => `/${city.slug}?start=${s}`,
      (s) => `/udlejer/${s}`,
    ];
    for (const url of pages) {
      for (const s of ['%00', 'a%00b', '%ED%A0%80', '2147483648', '%25%25', '%25%5C', 'x'.repeat(2_000)]) {
        cases.push({ name: `GET ${url(s)}`, method: 'GET', url: url(s), headers: { accept: 'text/html' } });
      }
    }
    expect(await sendAll(cases)).toEqual([]);
    expect(await databaseChecksum(t)).toEqual(before);
  }, FUZZ_TIMEOUT_MS);
});

/** A GraphQL 200 that refused the operation: errors, every one a 4xx (a resolver's 500 is a 200 too). */
function graphqlRefused(text: string): boolean {
  try {
    const body = JSON.parse(text) as { errors?: Array<{ extensions?: { statusCode?: number; code?: string } }> };
    if (!body.errors?.length) return false;
    return body.errors.every((e) => {
      const status = e.extensions?.statusCode;
      // GraphQL's own validation errors carry no statusCode, only a code of its own.
      return status === undefined ? e.extensions?.code !== 'INTERNAL_SERVER_ERROR' : status >= 400 && status < 500;
    });
  } catch {
    return false;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// The named 500s of issue 12 §2, one by one, on the shared test database.
describe('the 500s of issue 12 §2', () => {
  let t: TestApp;
  let city: { id: number; slug: string; label: string };
  const password = 'hemmelig-kode-1';
  beforeAll(async () => {
    t = await createTestApp();
    city = await createCity(t.prisma);
    await createDwelling(t.prisma, { cityId: city.id });
  });
  afterAll(() => t.close());

  const fieldOf = (res: { body: { field?: string } }) => res.body.field;

  it.each([
    ['a NUL', 'a\u0000b@husly.test'],
    ['an unpaired surrogate', 'x\ud800y@husly.test'],
  ])('login with %s in the email is a 400 naming it', async (_name, email) => {
    const res = await t.request('POST', '/api/auth/login', { email, password });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('email');
  });

  it('signup with a NUL in the name is a 400 and creates no account', async () => {
    const email = `nul-${unique()}@husly.test`;
    const res = await t.request('POST', '/api/users', { email, name: 'Ny\u0000Bruger', password, terms: true });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('name');
    expect(await t.prisma.user.count({ where: { email } })).toBe(0);
  });

  it('signup with sessionPrefs beyond int4 is a 400 and creates no account', async () => {
    const email = `prefs-${unique()}@husly.test`;
    const res = await t.request('POST', '/api/users', { email, name: 'Ny Bruger', password, terms: true, sessionPrefs: [{ area: city.slug, rooms: 1e12 }] });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('sessionPrefs.0.rooms');
    expect(await t.prisma.user.count({ where: { email } })).toBe(0);
  });

  it('login with prefs beyond int4 is a 400 naming the field', async () => {
    const user = await createUser(t.prisma, { password });
    const res = await t.request('POST', '/api/auth/login', { email: user.email, password, prefs: [{ area: city.slug, rent: 2 ** 31 }] });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('prefs.0.rent');
  });

  it('a bn.prf cookie beyond int4 is ignored: login and a whole signup still work', async () => {
    const cookie = `bn.prf=${serializeSessionPrefsCookie([{ area: city.slug, rooms: 1e12, size: 1e15 }])}`;
    const user = await createUser(t.prisma, { password });
    const login = await t.request('POST', '/api/auth/login', { email: user.email, password }, { cookie });
    expect(login.status).toBe(200);

    const email = `cookie-${unique()}@husly.test`;
    const signup = await t.request('POST', '/api/users', { email, name: 'Ny Bruger', password, terms: true }, { cookie });
    expect(signup.status).toBe(201);
    const created = await t.prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true, termsAcceptedAt: true } });
    expect(created.termsAcceptedAt).not.toBeNull();
  });

  it('PUT /api/users/reset-password with a NUL in the email is a 400', async () => {
    const res = await t.request('PUT', '/api/users/reset-password', { email: 'a\u0000@husly.test' });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('email');
  });

  it('POST /api/users/me/change-name with a NUL is a 400', async () => {
    const user = await createUser(t.prisma, { password });
    const res = await t.request('POST', '/api/users/me/change-name', { name: 'A\u0000' }, { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('name');
  });

  it('GET /api/users/verify with the token given twice is a 400 naming it', async () => {
    const res = await t.request('GET', '/api/users/verify?token=a&token=b');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'token', message: 'Validation failed' });
    expect(res.body.errors).toEqual([{ path: 'token', message: 'token must be given once' }]);
  });

  it('boligagent email and token with a NUL are 400s naming them', async () => {
    const create = await t.request('POST', '/api/boligagents', { email: 'a\u0000@husly.test', prefs: [{ area: city.slug }] });
    expect(create.status).toBe(400);
    expect(fieldOf(create)).toBe('email');
    for (const [method, url] of [
      ['GET', '/api/boligagents/ab%00c'],
      ['POST', '/api/boligagents/ab%00c/verify'],
      ['POST', '/api/boligagents/unsubscribe/ab%00c'],
      ['DELETE', '/api/boligagents?token=ab%00c'],
    ] as const) {
      const res = await t.request(method, url);
      expect(res.status, url).toBe(400);
      expect(fieldOf(res), url).toBe('token');
    }
    const update = await t.request('PUT', '/api/boligagents', { token: 'a\u0000', enabled: true });
    expect(update.status).toBe(400);
    expect(fieldOf(update)).toBe('token');
  });

  it('a boligagent pref beyond int4 is a 400 naming it', async () => {
    const res = await t.request('POST', '/api/boligagents', { email: `big-${unique()}@husly.test`, prefs: [{ area: city.slug, rooms: 99999999999 }] });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe('prefs.0.rooms');
  });

  it('search q with a NUL is a 400 naming q; a filter beyond int4 too', async () => {
    const nul = await t.request('GET', '/api/dwellings/search?q=ab%00');
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ error: 'Bad Request', field: 'q', code: 'nul-character' });
    const big = await t.request('GET', `/api/dwellings/area/${city.slug}?rooms=99999999999`);
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ field: 'rooms', code: 'too-big' });
  });

  it('an area slug with a NUL is an unknown city (404), not a query', async () => {
    const res = await t.request('GET', '/api/dwellings/area/ab%00c');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'unknown-city' });
  });
});

// Issue 12 §3: the search text never becomes a LIKE pattern.
describe('search wildcards (issue 12 §3)', () => {
  let t: TestApp;
  let city: { id: number; slug: string; label: string };
  beforeAll(async () => {
    t = await createTestApp();
    city = await createCity(t.prisma);
    await createDwelling(t.prisma, { cityId: city.id });
  });
  afterAll(() => t.close());

  it.each(['%25%25', '%25%5C', '%5C%5C', '__', '%25_', encodeURIComponent(`${'%'}${'x'}`)])('q=%s finds nothing (200, empty)', async (q) => {
    const res = await t.request('GET', `/api/dwellings/search?q=${q}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(0);
    expect(res.body.data).toEqual([]);
  });

  it('q=_ is too short (400), not a wildcard', async () => {
    const res = await t.request('GET', '/api/dwellings/search?q=_');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('q');
  });

  it('a city added after the list was read is still found by label, slug and postal code', async () => {
    await t.request('GET', '/api/dwellings/search?q=odense');
    const late = await createCity(t.prisma, { label: `Senere By ${unique()}` });
    await createDwelling(t.prisma, { cityId: late.id });
    for (const q of [late.label.toUpperCase(), late.slug, late.postalCodes[0].zip]) {
      const res = await t.request('GET', `/api/dwellings/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.meta.total, q).toBe(1);
    }
  });
});
