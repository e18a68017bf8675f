import { Injectable } from '@nestjs/common';
import { normalizeEmail } from '@husly/domain';
import type { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';

const withCity = { city: { select: { slug: true, label: true } } } as const;
export type StoredTenantAd = Prisma.TenantProfileGetPayload<{ include: typeof withCity }>;
export type TenantAdData = Omit<Prisma.TenantProfileUncheckedCreateInput, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'emailVerifiedAt'>;

/** The tenant_profiles queries: one row per user; what landlords see is what is published AND paid for. */
@Injectable()
export class TenantAdRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByUser(userId: number): Promise<StoredTenantAd | null> {
    return this.prisma.tenantProfile.findUnique({ where: { userId }, include: withCity });
  }

  /**
   * Stores the ad. A new address is unproven again (issue 29): the change is judged under the row's
   * lock, so a save racing another save or the address's link sees the address as it really is.
   */
  save(userId: number, data: TenantAdData): Promise<{ stored: StoredTenantAd; emailChanged: boolean }> {
    return this.prisma.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<Array<{ email: string }>>`SELECT email FROM tenant_profiles WHERE user_id = ${userId} FOR UPDATE`;
      const emailChanged = !current || normalizeEmail(current.email) !== normalizeEmail(data.email);
      const update = emailChanged ? { ...data, emailVerifiedAt: null } : data;
      const stored = await tx.tenantProfile.upsert({ where: { userId }, create: { ...data, userId }, update, include: withCity });
      return { stored, emailChanged };
    });
  }

  /**
   * Listed: published by its seeker, not hidden by support, whose account is not deleted or blocked
   * and has an active subscription right now (the subscriptions feature's own rule). A lapse takes
   * the ad off the list at once, a renewal puts it back; nothing is copied or scheduled.
   */
  private listedWhere(now: Date): Prisma.TenantProfileWhereInput {
    return {
      published: true,
      hiddenAt: null,
      user: { deletedAt: null, blockedAt: null, subscriptions: { some: SubscriptionAccessService.activeSubscriptionWhere(now) } },
    };
  }

  listListed(cityId: number, now: Date, limit: number): Promise<StoredTenantAd[]> {
    return this.prisma.tenantProfile.findMany({
      where: { cityId, ...this.listedWhere(now) },
      include: withCity,
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  findListed(id: number, now: Date): Promise<StoredTenantAd | null> {
    return this.prisma.tenantProfile.findFirst({ where: { id, ...this.listedWhere(now) }, include: withCity });
  }

  isListed(userId: number, now: Date): Promise<boolean> {
    return this.prisma.tenantProfile.count({ where: { userId, ...this.listedWhere(now) } }).then((n) => n > 0);
  }

  findActiveCity(slug: string): Promise<{ id: number; slug: string; label: string } | null> {
    return this.prisma.city.findFirst({ where: { slug, active: true }, select: { id: true, slug: true, label: true } });
  }
}
