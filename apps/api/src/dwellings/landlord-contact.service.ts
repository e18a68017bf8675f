import { Injectable } from '@nestjs/common';
import { CONTACT_ERROR_CODES, type LandlordContact } from '@husly/contracts';
import { CONTACT_LIMIT_MESSAGES, DEFAULT_LANGUAGE, isContactable, mayContactLandlord, type Language } from '@husly/domain';
import { Clock } from '../infra/clock/clock';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';
import { httpError, notFound } from './dwellings.service';

const TYPES = { PRIVATE: 'private', COMPANY: 'company', NONPROFIT: 'nonprofit' } as const;

export const CONTACT_MESSAGES = {
  subscriptionRequired: 'Du skal have et aktivt abonnement for at se udlejerens kontaktoplysninger.',
  unavailable: 'Boligen er ikke længere ledig.',
} as const;

/**
 * GET /api/dwellings/{id}/agent for a logged-in user. Order of the checks: 404 unknown dwelling,
 * 410 rented or unavailable (no point in sending anyone to buy access to it), 403 without an active
 * subscription, 403 when a limited plan's landlord limit is reached (counted per period of the limited
 * subscription, docs/decisions/0049); then the fetch is recorded.
 */
@Injectable()
export class LandlordContactService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly access: SubscriptionAccessService,
    private readonly clock: Clock,
  ) {}

  async fetch(dwellingId: number, userId: number, language: Language = DEFAULT_LANGUAGE): Promise<LandlordContact> {
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
        // One user's fetches are serialised, so two tabs cannot both take the last free landlord.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('contact-limit'), ${userId})`;
        const usage = await this.access.contactUsage(userId, { startingAt: access.startingAt, endingAt: access.endingAt, offer: access }, now, tx);
        if (usage && !mayContactLandlord(usage, landlord.id)) {
          throw httpError(403, CONTACT_LIMIT_MESSAGES[language].limitReached(usage.used, usage.limit, usage.resetsAt), {
            code: CONTACT_ERROR_CODES.contactLimitReached,
            limit: usage.limit,
            used: usage.used,
            windowDays: access.contactWindowDays ?? access.intervalDays,
            retryAt: usage.resetsAt.toISOString(),
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
