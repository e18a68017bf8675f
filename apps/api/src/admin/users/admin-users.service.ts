import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { apiError, type AdminReceipt, type AdminUserDetail, type AdminUserHit } from '@husly/contracts';
import { normalizeEmail } from '@husly/domain';
import { AccountsService } from '../../accounts/accounts.service';
import { Clock } from '../../infra/clock/clock';
import { PrismaService } from '../../infra/prisma/prisma.service';
import { AuditLogService } from '../audit/audit-log.service';
import { actorOf, type AdminPrincipal } from '../auth/admin-access.service';

const HIT_LIMIT = 50;
const USER_HIT = { id: true, name: true, email: true, cellphone: true, createdAt: true, blockedAt: true, deletedAt: true } as const;
type HitRow = { id: number; name: string; email: string | null; cellphone: string | null; createdAt: Date; blockedAt: Date | null; deletedAt: Date | null };

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const hitOf = (u: HitRow, matchedOrderNo: number | null = null): AdminUserHit => ({
  id: u.id,
  name: u.name,
  email: u.email,
  cellphone: u.cellphone,
  createdAt: u.createdAt.toISOString(),
  blockedAt: iso(u.blockedAt),
  deletedAt: iso(u.deletedAt),
  matchedOrderNo,
});

/** The desk's view of users and what support changes on them: blocked, tenant ad hidden, mails again. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly accounts: AccountsService,
    private readonly audit: AuditLogService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * By email, name, phone or order number. Text is matched with strpos on lower-cased values, never
   * as a LIKE pattern, so a "%" or "_" in the search is just a character.
   */
  async search(q: string): Promise<AdminUserHit[]> {
    const hits = new Map<number, AdminUserHit>();
    const orderNo = /^(?:HU-?)?0*(\d{1,9})$/i.exec(q)?.[1];
    if (orderNo) {
      const receipt = await this.prisma.transaction.findUnique({ where: { orderno: Number(orderNo) }, select: { orderno: true, user: { select: USER_HIT } } });
      if (receipt) hits.set(receipt.user.id, hitOf(receipt.user, receipt.orderno));
    }
    const needle = q.includes('@') ? normalizeEmail(q) : q.toLowerCase();
    const digits = q.replace(/\D/g, '');
    const phone = digits.length >= 4 && /^[\d\s+()-]+$/.test(q) ? digits : null;
    const rows = await this.prisma.$queryRaw<HitRow[]>`
      SELECT id, name, email, cellphone, created_at AS "createdAt", blocked_at AS "blockedAt", deleted_at AS "deletedAt"
      FROM users
      WHERE strpos(lower(coalesce(email, '')), ${needle}) > 0
         OR strpos(lower(name), ${needle}) > 0
         OR (${phone}::text IS NOT NULL AND strpos(regexp_replace(coalesce(cellphone, ''), '\\D', '', 'g'), ${phone}::text) > 0)
      ORDER BY (lower(coalesce(email, '')) = ${needle}) DESC, id DESC
      LIMIT ${HIT_LIMIT}`;
    for (const row of rows) if (!hits.has(row.id)) hits.set(row.id, hitOf(row));
    return [...hits.values()].slice(0, HIT_LIMIT);
  }

  async detail(userId: number): Promise<AdminUserDetail> {
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: {
        ...USER_HIT,
        emailVerified: true,
        language: true,
        subscriptions: { include: { offer: { select: { label: true } } }, orderBy: { startingAt: 'desc' } },
        transactions: { orderBy: { timestamp: 'desc' } },
        boligagent: { include: { prefs: { include: { city: { select: { label: true } } } } } },
        tenantProfile: { include: { city: { select: { label: true } } } },
        _count: { select: { favourites: true } },
      },
    });
    if (!user) throw missingUser();
    const mails = user.email
      ? await this.prisma.sentMail.findMany({ where: { recipient: user.email.toLowerCase() }, orderBy: { id: 'desc' }, take: 50 })
      : [];
    const agent = user.boligagent;
    const ad = user.tenantProfile;
    return {
      user: { ...hitOf(user), emailVerified: user.emailVerified, language: user.language },
      subscriptions: user.subscriptions.map((s) => ({
        id: s.id,
        status: s.status,
        plan: s.offer.label,
        startingAt: s.startingAt.toISOString(),
        endingAt: iso(s.endingAt),
        renew: s.renew,
        canceledAt: iso(s.canceledAt),
        withdrawnAt: iso(s.withdrawnAt),
        providerSubscriptionId: s.providerSubscriptionId,
      })),
      receipts: user.transactions.map(
        (t): AdminReceipt => ({ id: t.id, orderNo: t.orderno, subscriptionId: t.subscriptionId, amountOre: t.amount, refundedOre: t.refundedOre, refundedAt: iso(t.refundedAt), timestamp: t.timestamp.toISOString() }),
      ),
      boligagent: agent
        ? {
            id: agent.id,
            active: agent.enabled && !agent.unsubscribedAt && agent.verifiedAt !== null,
            summary: agent.prefs.map((p) => [p.city.label, p.rent ? `≤ ${p.rent} kr.` : null, p.rooms ? `${p.rooms}+ vær.` : null, p.size ? `${p.size}+ m²` : null].filter(Boolean).join(' ')).join('; '),
            createdAt: agent.createdAt.toISOString(),
          }
        : null,
      tenantAd: ad ? { published: ad.published, hiddenAt: iso(ad.hiddenAt), subject: ad.subject, city: ad.city?.label ?? null, updatedAt: ad.updatedAt.toISOString() } : null,
      favourites: user._count.favourites,
      mails: mails.map((m) => ({ subject: m.subject, recipient: m.recipient, sentAt: m.sentAt.toISOString(), messageId: m.messageId })),
      audit: await this.audit.list({ userId, take: 50 }),
    };
  }

  /**
   * Blocked: no login, and every session ends (the session version moves), admin sessions too.
   * One conditional UPDATE decides: of two clicks, one changes the row and writes the audit entry.
   */
  async setBlocked(admin: AdminPrincipal, userId: number, blocked: boolean, reason?: string): Promise<void> {
    await this.existing(userId);
    if (blocked && userId === admin.userId) throw new ConflictException(apiError(409, 'An admin cannot block their own account', { code: 'own-account' }));
    const now = this.clock.now();
    await this.prisma.$transaction(async (tx) => {
      const { count } = blocked
        ? await tx.user.updateMany({ where: { id: userId, blockedAt: null }, data: { blockedAt: now, sessionVersion: { increment: 1 } } })
        : await tx.user.updateMany({ where: { id: userId, blockedAt: { not: null } }, data: { blockedAt: null } });
      if (count === 0) return;
      await this.audit.record(actorOf(admin), { action: blocked ? 'user.block' : 'user.unblock', targetUserId: userId, before: { blocked: !blocked }, after: { blocked, ...(reason ? { reason } : {}) } }, tx);
    });
  }

  /** Hidden from landlords whatever its seeker's "published" says; the text stays, shown again by the same switch. */
  async setTenantAdHidden(admin: AdminPrincipal, userId: number, hidden: boolean, reason?: string): Promise<void> {
    await this.existing(userId);
    const ad = await this.prisma.tenantProfile.findUnique({ where: { userId }, select: { id: true } });
    if (!ad) throw new NotFoundException(apiError(404, 'The user has no tenant ad', { code: 'no-tenant-ad' }));
    await this.prisma.$transaction(async (tx) => {
      const { count } = hidden
        ? await tx.tenantProfile.updateMany({ where: { userId, hiddenAt: null }, data: { hiddenAt: this.clock.now() } })
        : await tx.tenantProfile.updateMany({ where: { userId, hiddenAt: { not: null } }, data: { hiddenAt: null } });
      if (count === 0) return;
      await this.audit.record(actorOf(admin), { action: hidden ? 'tenant-ad.hide' : 'tenant-ad.show', targetUserId: userId, target: `tenant-ad ${ad.id}`, before: { hidden: !hidden }, after: { hidden, ...(reason ? { reason } : {}) } }, tx);
    });
  }

  async resendMail(admin: AdminPrincipal, userId: number, kind: 'verification' | 'password-reset'): Promise<void> {
    await this.existing(userId);
    const outcome = await this.accounts.supportResend(userId, kind);
    if (outcome === 'no-address') throw new ConflictException(apiError(409, 'The user has no email address', { code: 'no-address' }));
    if (outcome === 'verified-already') throw new ConflictException(apiError(409, 'The address is verified already', { code: 'email-already-verified' }));
    await this.audit.record(actorOf(admin), { action: `mail.${kind}`, targetUserId: userId });
  }

  private async existing(userId: number): Promise<void> {
    if ((await this.prisma.user.count({ where: { id: userId } })) === 0) throw missingUser();
  }
}

const missingUser = () => new NotFoundException(apiError(404, 'No user with this id', { code: 'unknown-user' }));
