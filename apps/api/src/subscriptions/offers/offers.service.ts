import { Injectable } from '@nestjs/common';
import type { Offer, OffersResponse } from '@husly/contracts';
import { LIMITED_PLAN } from '@husly/domain';
import { PrismaService } from '../../infra/prisma/prisma.service';
import type { Offer as OfferRow } from '../../infra/prisma/generated/client';

/** The plans of spec section 9; amounts stay whole DKK incl. VAT as seeded. */
@Injectable()
export class OffersService {
  constructor(private readonly prisma: PrismaService) {}

  /** The intro, the recurring plan and the limited plan, in that order; whether this user may still buy the intro. */
  async list(userId: number | undefined): Promise<OffersResponse> {
    const rows = await this.prisma.offer.findMany({ where: { active: true } });
    const rank = (o: OfferRow) => (o.intro ? 0 : o.name === LIMITED_PLAN.id ? 2 : 1);
    const offers = rows.sort((a, b) => rank(a) - rank(b) || a.price - b.price).map(toOffer);
    const introAvailable = userId === undefined ? true : !(await this.hadIntro(userId));
    const intro = offers.find((o) => o.intro);
    const recurring = offers.find((o) => !o.intro && o.name !== LIMITED_PLAN.id);
    const recommended = (introAvailable && intro ? intro : (recurring ?? offers[0]))?.name ?? '';
    return { offers, introAvailable, recommended };
  }

  async byName(name: string): Promise<OfferRow | null> {
    return this.prisma.offer.findFirst({ where: { name, active: true } });
  }

  /** The recurring plan a user gets instead of the intro (same product, no intro price). */
  async recurringPlan(): Promise<OfferRow | null> {
    return this.prisma.offer.findFirst({ where: { active: true, intro: false, contactLimit: null }, orderBy: { price: 'asc' } });
  }

  /**
   * The intro counts as had once one was paid and kept: its claim (subscription sync), or for
   * subscriptions older than the claims, one past INCOMPLETE that was not refused.
   */
  async hadIntro(userId: number): Promise<boolean> {
    if (await this.prisma.introClaim.findUnique({ where: { userId }, select: { userId: true } })) return true;
    const paid = await this.prisma.subscription.findMany({ where: { userId, offer: { intro: true }, status: { not: 'INCOMPLETE' } }, select: { meta: true } });
    return paid.some((s) => (s.meta as { introRefused?: boolean } | null)?.introRefused !== true);
  }
}

export function toOffer(o: OfferRow): Offer {
  return {
    name: o.name,
    label: o.label,
    amount: o.amount,
    trialDays: o.trialDays,
    price: o.price,
    intervalDays: o.intervalDays,
    oneoff: o.oneoff,
    recurring: o.recurring,
    labels: Array.isArray(o.labels) ? o.labels.filter((l): l is string => typeof l === 'string') : [],
    intro: o.intro,
    contactLimit: o.contactLimit,
    contactWindowDays: o.contactWindowDays,
  };
}
