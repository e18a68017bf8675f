import type { SubscriptionView, Transaction } from '@husly/contracts';
import { canReactivate, displayState, formatOrderNo, givesAccess, linePlanOf, withinWithdrawal, type ContactUsage } from '@husly/domain';
import type { Prisma } from '../infra/prisma/generated/client';

export const SUBSCRIPTION_INCLUDE = {
  offer: true,
  nextSubscription: { include: { offer: true } },
  transactions: { select: { timestamp: true, refundedAt: true }, orderBy: { timestamp: 'asc' }, take: 1 },
} satisfies Prisma.SubscriptionInclude;

export type SubscriptionRow = Prisma.SubscriptionGetPayload<{ include: typeof SUBSCRIPTION_INCLUDE }>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function legacyIdOf(s: { legacyId: string | null }): string | null {
  return s.legacyId ?? null;
}

/**
 * A subscription row as the page sees it (section 3 fields plus the display state). `usage`: the
 * limited plan's landlord count, for the subscription that gives access now (null otherwise).
 */
export function toSubscriptionView(s: SubscriptionRow, now: Date, usage: ContactUsage | null = null): SubscriptionView {
  const next = s.nextSubscription;
  const facts = { status: s.status, startingAt: s.startingAt, endingAt: s.endingAt, renew: s.renew, legacyId: legacyIdOf(s), hasNext: next !== null };
  const firstCharge = s.transactions[0];
  return {
    id: s.id,
    _id: s.id,
    offer: s.offer.name,
    product: { label: s.offer.label, price: s.offer.price },
    status: s.status,
    display: displayState(facts, now),
    startingAt: s.startingAt.toISOString(),
    endingAt: iso(s.endingAt),
    canceledAt: iso(s.canceledAt),
    renew: s.renew,
    ends: iso(s.endingAt),
    active: givesAccess(s, now),
    paused: s.status === 'PAUSED',
    outstanding: s.outstanding,
    nextSubscription: next
      ? { id: next.id, offer: next.offer.name, renew: next.renew, product: { label: next.offer.label, price: next.offer.price }, startingAt: next.startingAt.toISOString(), endingAt: iso(next.endingAt) }
      : null,
    canReactivate: canReactivate(facts),
    canWithdraw: s.withdrawnAt === null && firstCharge !== undefined && firstCharge.refundedAt === null && withinWithdrawal(firstCharge.timestamp, now) && s.status !== 'EXPIRED',
    meta: { legacyId: legacyIdOf(s) },
    contactUsage: usage ? { used: usage.used, limit: usage.limit, resetsAt: usage.resetsAt.toISOString() } : null,
  };
}

// The subscription's offer tells which plan each line charged (the line keeps only its label).
export const TRANSACTION_INCLUDE = { lines: { orderBy: { id: 'asc' } }, subscription: { select: { offer: true } } } satisfies Prisma.TransactionInclude;
export type TransactionRow = Prisma.TransactionGetPayload<{ include: typeof TRANSACTION_INCLUDE }>;

/** A receipt (section 3 Transaction/invoice); the company block is the snapshot taken at the charge. */
export function toTransaction(t: TransactionRow): Transaction {
  const company = (t.company ?? {}) as Partial<Record<'name' | 'address' | 'zip' | 'city' | 'tax', string>>;
  const offer = t.subscription?.offer;
  return {
    id: t.id,
    uuid: t.uuid,
    orderno: formatOrderNo(t.orderno),
    timestamp: t.timestamp.toISOString(),
    amountOre: t.amount,
    vatOre: t.vat,
    currency: 'DKK',
    subscriptionId: t.subscriptionId,
    refunded: t.refundedAt !== null,
    refundedAt: iso(t.refundedAt),
    refundedOre: t.refundedAt === null ? null : (t.refundedOre ?? t.amount),
    customer: { name: t.customerName, address: t.customerAddress, zipcode: t.customerZipcode, city: t.customerCity },
    company: { name: company.name ?? '', address: company.address ?? '', zip: company.zip ?? '', city: company.city ?? '', tax: company.tax ?? '' },
    products: t.lines.map((l) => ({
      label: l.label,
      priceOre: l.price,
      vatOre: l.vat,
      subtotalOre: l.subtotal,
      plan: offer ? linePlanOf(l.label, offer) : null,
    })),
  };
}
