import { OFFERS } from '../../../prisma/seed/offers';
import type { PrismaService } from '../src/infra/prisma/prisma.service';
import { TokenService } from '../src/common/auth/token.service';
import { expect } from 'vitest';
import { createUser } from './factories';
import type { StripeFake } from './stripe-fake';
import type { TestApp } from './test-app';

/** The reference offers as the seed writes them; an offer another test created first is brought in line. */
export async function seedOffers(prisma: PrismaService): Promise<void> {
  for (const o of OFFERS) {
    const data = { ...o, labels: [...o.labels], active: true };
    await prisma.offer.upsert({ where: { name: o.name }, update: data, create: data });
  }
}

/**
 * A fresh user and a bearer header for it. The token is issued on every request at the app's clock,
 * so tests that move the clock weeks ahead (renewals, throttle windows) keep a valid session.
 */
export async function userWithToken(t: TestApp) {
  const user = await createUser(t.prisma);
  const auth = {
    get authorization() {
      return `Bearer ${t.app.get(TokenService).issue(user.id)}`;
    },
  } as Record<string, string>;
  return { user, auth };
}

/**
 * A card no other test has paid with: a random Luhn-valid Visa number (the test provider takes any
 * such number as a card that pays). It knows a card by number and expiry, and an intro is once per
 * card across the run's one database, so fixed numbers with per-file expiry counters collided
 * between files.
 */
export function freshCardNumber(): string {
  const digits = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  let sum = 0;
  // The check digit: Luhn over the 15 digits, doubling every second one from the right.
  for (let i = 0; i < digits.length; i++) {
    const d = digits[digits.length - 1 - i];
    sum += i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/**
 * A subscription bought through GraphQL and paid at the Stripe stand-in: ours knows only what a
 * webhook (or a read) tells it. `payload` is the invoice.paid event, not yet delivered.
 */
export async function paidAtStripe(t: TestApp, fake: StripeFake) {
  const user = await createUser(t.prisma);
  const auth = { authorization: `Bearer ${t.app.get(TokenService).issue(user.id)}` };
  const res = await t.request(
    'POST',
    '/api/graph',
    { query: 'mutation($input: CreateSubscriptionInput!) { createSubscription(input: $input) { id } }', variables: { input: { planId: 'tenantad-249kr-30days', meta: { firstName: 'Stine', email: 'stine@husly.test', terms: true } } } },
    auth,
  );
  expect(res.body.errors).toBeUndefined();
  const ours = await t.prisma.subscription.findUniqueOrThrow({ where: { id: res.body.data.createSubscription.id } });
  const invoice = fake.payFirstInvoice(ours.providerSubscriptionId as string, `fp_${ours.id}`);
  return { id: ours.id, auth, payload: JSON.stringify(fake.event('invoice.paid', invoice as unknown as Record<string, unknown>)) };
}
