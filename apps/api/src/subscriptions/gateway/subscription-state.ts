import type { GatewayStatus, GatewaySubscription } from './payment-gateway';

/** Our record of a subscription as the provider's current state says it must be. */
export interface MappedState {
  status: 'INCOMPLETE' | 'ACTIVE' | 'PAUSED' | 'CANCELED' | 'EXPIRED';
  endingAt: Date | null;
  renew: boolean;
  canceledAt: Date | null;
  outstanding: boolean;
}

/** Provider status → ours. trialing is the paid intro (or a paid-for change of plan waiting to start). */
export function mapStatus(status: GatewayStatus): MappedState['status'] {
  switch (status) {
    case 'incomplete':
      return 'INCOMPLETE';
    case 'trialing':
    case 'active':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'PAUSED';
    case 'incomplete_expired':
    case 'canceled':
      return 'EXPIRED';
  }
}

/**
 * The whole mapping, pure: the same provider state always gives the same record, whatever order and
 * how often events arrived. `deferred`: a change of plan that starts at `startingAt` with one interval.
 */
export function mapGatewaySubscription(
  g: GatewaySubscription,
  ours: { startingAt: Date; intervalDays: number; withdrawnAt: Date | null; canceledAt: Date | null },
): MappedState {
  const status = mapStatus(g.status);
  const ended = status === 'EXPIRED';
  const withdrawn = ours.withdrawnAt !== null;
  let endingAt: Date | null = g.currentPeriodEnd;
  if (status === 'INCOMPLETE') endingAt = null;
  else if (ended) endingAt = g.endedAt && g.endedAt < g.currentPeriodEnd ? g.endedAt : g.currentPeriodEnd;
  // A change of plan waits (provider: trialing, nothing charged) until its start: show one interval from then.
  if (status === 'ACTIVE' && g.charges.length === 0 && g.currentPeriodEnd <= ours.startingAt) {
    endingAt = new Date(ours.startingAt.getTime() + ours.intervalDays * 86_400_000);
  }
  if (ended && g.charges.length === 0) endingAt = g.endedAt ?? g.currentPeriodStart;
  const canceledAt = g.canceledAt ?? (g.cancelAtPeriodEnd ? (ours.canceledAt ?? g.currentPeriodStart) : null);
  return {
    status: withdrawn ? 'CANCELED' : status,
    endingAt: withdrawn && ours.withdrawnAt && (endingAt === null || ours.withdrawnAt < endingAt) ? ours.withdrawnAt : endingAt,
    renew: !withdrawn && !ended && status !== 'INCOMPLETE' ? !g.cancelAtPeriodEnd : status === 'INCOMPLETE',
    canceledAt: ended || g.cancelAtPeriodEnd ? canceledAt : null,
    outstanding: status === 'PAUSED',
  };
}
