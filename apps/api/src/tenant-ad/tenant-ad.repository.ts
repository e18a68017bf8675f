import { Injectable } from '@nestjs/common';
import type { Prisma } from '../infra/prisma/generated/client';
import { PrismaService } from '../infra/prisma/prisma.service';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';

const withCity = { city: { select: { slug: true, label: true } } } as const;
export type StoredTenantAd = Prisma.TenantProfileGetPayload<{ include: typeof withCity }>;
export type TenantAdData = Omit<Prisma.TenantProfileUncheckedCreateInput, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The tenant_profiles queries: one row per user; what landlords see is what is published AND paid for. */
@Injectable()
export class TenantAdRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByUser(userId: number): Promise<StoredTenantAd | null> {
    return this.prisma.tenantProfile.findUnique({ where: { userId }, include: withCity });
  }

  save(userId: number, data: TenantAdData): Promise<StoredTenantAd> {
    return this.prisma.tenantProfile.upsert({ where: { userId }, create: { ...data, userId }, update: data, include: withCity });
  }

  /**
   * Listed: published by its seeker, whose account is not deleted and has an active subscription
   * right now (the subscriptions feature's own rule). A lapse takes the ad off the list at once,
   * a renewal puts it back; nothing is copied or scheduled.
   */
  private listedWhere(now: Date): Prisma.TenantProfileWhereInput {
    return {
      published: true,
      user: { deletedAt: null, subscriptions: { some: SubscriptionAccessService.activeSubscriptionWhere(now) } },
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
