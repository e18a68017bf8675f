import { Injectable } from '@nestjs/common';
import { CONTACT_ERROR_CODES, type LandlordContact } from '@husly/contracts';
import { isContactable } from '@husly/domain';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';
import { httpError, notFound } from './dwellings.service';

const DAY_MS = 86_400_000;
const TYPES = { PRIVATE: 'private', COMPANY: 'company', NONPROFIT: 'nonprofit' } as const;

export const CONTACT_MESSAGES = {
  subscriptionRequired: 'Du skal have et aktivt abonnement for at se udlejerens kontaktoplysninger.',
  unavailable: 'Boligen er ikke længere ledig.',
  limitReached: (limit: number, days: number) =>
    `Dit abonnement giver kontakt til højst ${limit} forskellige udlejere på ${days} dage. Du kan kontakte en ny udlejer igen senere.`,
} as const;

/**
 * GET /api/dwellings/{id}/agent for a logged-in user. Order of the checks: 404 unknown dwelling,
 * 410 rented or unavailable (no point in sending anyone to buy access to it), 403 without an active
 * subscription, 403 when a limited plan's landlord limit is reached; then the fetch is recorded.
 */
@Injectable()
export class LandlordContactService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly access: SubscriptionAccessService,
    private readonly clock: Clock,
  ) {}

  async fetch(dwellingId: number, userId: number): Promise<LandlordContact> {
    const now = this.clock.now();
    const dwelling = await this.prisma.dwelling.findUnique({
      where: { id: dwellingId },
      select: { id: true, status: true, deletedAt: true, landlord: true },
    });
    if (!dwelling || dwelling.status === 0) throw notFound();
    if (!isContactable(dwelling)) {
      throw httpError(410, CONTACT_MESSAGES.unavailable, { code: CONTACT_ERROR_CODES.dwellingUnavailable });
    }
    const access = await this.access.activeAccess(userId, now);
    if (!access) {
      throw httpError(403, CONTACT_MESSAGES.subscriptionRequired, { code: CONTACT_ERROR_CODES.subscriptionRequired });
    }
    const landlord = dwelling.landlord;
    await this.prisma.$transaction(async (tx) => {
      if (access.contactLimit !== null) {
        const days = access.contactWindowDays ?? 14;
        // One user's fetches are serialised, so two tabs cannot both take the last free landlord.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('contact-limit'), ${userId})`;
        const since = new Date(now.getTime() - days * DAY_MS);
        const recent = await tx.contactFetch.groupBy({
          by: ['landlordId'],
          where: { userId, createdAt: { gt: since } },
          _max: { createdAt: true },
        });
        const already = recent.some((r) => r.landlordId === landlord.id);
        if (!already && recent.length >= access.contactLimit) {
          // A new landlord fits again once the oldest counted landlord's last fetch leaves the window.
          const latest = recent.map((r) => (r._max.createdAt as Date).getTime()).sort((a, b) => a - b);
          const retryAt = new Date(latest[recent.length - access.contactLimit] + days * DAY_MS);
          throw httpError(403, CONTACT_MESSAGES.limitReached(access.contactLimit, days), {
            code: CONTACT_ERROR_CODES.contactLimitReached,
            limit: access.contactLimit,
            windowDays: days,
            retryAt: retryAt.toISOString(),
          });
        }
      }
      await tx.contactFetch.create({ data: { userId, dwellingId: dwelling.id, landlordId: landlord.id, createdAt: now } });
    });
    return {
      address: landlord.address,
      remark: landlord.remarks,
      type: TYPES[landlord.type],
      reference: landlord.reference,
      name: landlord.name,
      email: landlord.email,
      phone: landlord.phone,
      url: landlord.url,
    };
  }
}
