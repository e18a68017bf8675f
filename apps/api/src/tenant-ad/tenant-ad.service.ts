import { ConflictException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  apiError,
  TENANT_AD_ERROR_CODES,
  type LandlordContactMessage,
  type LandlordTenantAd,
  type LandlordTenantAdsResponse,
  type TenantAdInputParsed,
  type TenantAdResponse,
  type TenantAdSaveResponse,
} from '@husly/contracts';
import {
  defaultTenantAd,
  firstName,
  formatDate,
  isLanguage,
  LANDLORD_CONTACT_THROTTLE,
  LANDLORD_PAGE_LIMIT,
  TENANT_AD_CONTACT_MESSAGES,
  TENANT_DWELLING_TYPES,
  TENANT_SLIDERS,
  TENANT_TIMEFRAMES,
  tenantAdEmailVerified,
  tenantAvailableFrom,
  tenantDateToIso,
  validateTenantAdForm,
  validationMessage,
  type Language,
  type TenantAd,
} from '@husly/domain';
import type { RateLimit } from '../common/rate-limit/rate-limit.service';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { headerSafe } from '../content/content.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Clock } from '../infra/clock/clock';
import { composeMail } from '../infra/mail/templates/mail-template';
import { landlordMessageMail } from '../infra/mail/templates/tenant-ad-mails';
import { PrismaService } from '../infra/prisma/prisma.service';
import { JobQueue } from '../infra/queue/job-queue.service';
import { JOBS } from '../infra/queue/jobs';
import { SubscriptionAccessService } from '../subscriptions/subscription-access.service';
import { TenantAdEmailService } from './tenant-ad-email.service';
import { TenantAdRepository, type StoredTenantAd } from './tenant-ad.repository';

/** The relay's buckets (numbers in libs/domain): per landlord address an hour, per ad a day. */
export const LANDLORD_CONTACT_LIMITS = {
  ip: (ip: string): RateLimit => ({ bucket: `tenant-ad-contact:ip:${ip}`, max: LANDLORD_CONTACT_THROTTLE.perIp, windowMs: LANDLORD_CONTACT_THROTTLE.ipWindowMs }),
  ad: (id: number): RateLimit => ({ bucket: `tenant-ad-contact:ad:${id}`, max: LANDLORD_CONTACT_THROTTLE.perAd, windowMs: LANDLORD_CONTACT_THROTTLE.adWindowMs }),
};

const pick = <T extends string>(values: readonly T[], stored: readonly string[]): T[] => values.filter((v) => stored.includes(v));
/** A @db.Date comes back as midnight UTC of its calendar day. */
const storedDate = (date: Date | null): string | null => (date ? formatDate(date.toISOString().slice(0, 10)) : null);

@Injectable()
export class TenantAdService {
  constructor(
    private readonly ads: TenantAdRepository,
    private readonly access: SubscriptionAccessService,
    private readonly prisma: PrismaService,
    private readonly rateLimits: RateLimitService,
    private readonly jobs: JobQueue,
    private readonly emails: TenantAdEmailService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /api/users/me/tenant: the saved ad, or the defaults filled from the account. */
  async get(userId: number): Promise<TenantAdResponse> {
    const now = this.clock.now();
    const stored = await this.ads.findByUser(userId);
    const user = await this.account(userId);
    if (!stored) {
      const emailVerified = tenantAdEmailVerified({ email: user.email ?? '', emailVerifiedAt: null }, user);
      return { ad: defaultTenantAd(now, { name: user.name, email: user.email, phone: user.cellphone }), saved: false, publish: true, listed: false, emailVerified, updatedAt: null };
    }
    return this.view(stored, await this.ads.isListed(userId, now), now, tenantAdEmailVerified(stored, user));
  }

  /** POST /api/users/me/tenant/verification-mail: the link to the ad's address again (one per double click, 429 beyond the limits). */
  async sendVerification(userId: number, from: { ip: string; language: Language }): Promise<void> {
    await this.emails.sendLink(userId, from, 'on-request');
  }

  /** POST /api/users/me/tenant/verify-email: the link's token, followed by the ad's owner; answers the ad as it is now. */
  async verifyEmail(userId: number, token: string): Promise<TenantAdResponse> {
    await this.emails.verify(userId, token);
    return this.get(userId);
  }

  /**
   * POST /api/users/me/tenant. The rules of libs/domain decide; a passing ad is always stored (a
   * seeker never loses what they wrote). It is shown to landlords only while the seeker has an active
   * subscription: without one the answer carries the warning `not-activated` and nothing is listed.
   * The seeker's choice to publish is kept, so buying a subscription puts the ad up without a resave.
   */
  async save(userId: number, input: TenantAdInputParsed, from: { ip: string; language: Language }): Promise<TenantAdSaveResponse> {
    const language = from.language;
    const now = this.clock.now();
    const ad: TenantAd = {
      profile: { ...input.profile },
      housing: { ...input.housing },
      ad: { ...input.ad },
    };
    const errors = validateTenantAdForm(ad, now, language).map((e) => ({ path: e.field.replace('-', '.'), message: e.message, code: e.code }));
    const city = ad.housing.area === '' ? null : await this.ads.findActiveCity(ad.housing.area);
    if (ad.housing.area !== '' && !city) errors.push({ path: 'housing.area', message: validationMessage('area-required', language), code: 'area-required' });
    if (errors.length > 0) {
      throw new HttpException(
        apiError(400, 'Validation failed', { code: errors[0].code, field: errors[0].path, errors: errors.map(({ path, message }) => ({ path, message })) }),
        400,
      );
    }

    const { stored, emailChanged } = await this.ads.save(userId, {
      name: ad.profile.name,
      email: ad.profile.email,
      phone: ad.profile.phone || null,
      phoneAlt: ad.profile.phonealt || null,
      gender: ad.profile.gender === null ? null : ad.profile.gender === 'male' ? 'MALE' : 'FEMALE',
      age: ad.profile.age,
      profession: ad.profile.profession || null,
      rki: ad.profile.rki,
      cityId: city?.id ?? null,
      rent: ad.housing.rent,
      rooms: ad.housing.rooms,
      size: ad.housing.size,
      dwellingTypes: ad.housing.dwelling,
      timeframes: ad.housing.timeframe,
      availableFrom: new Date(`${tenantDateToIso(ad.housing.available)}T00:00:00Z`),
      subject: ad.ad.subject,
      text: ad.ad.text,
      published: input.publish,
    });
    // A new address that is not the account's own verified one gets its link (issue 29).
    if (emailChanged) await this.emails.sendLink(userId, from, 'on-save');
    const subscriber = await this.access.isSubscriber(userId, now);
    const view = this.view(stored, subscriber && stored.published, now, tenantAdEmailVerified(stored, await this.account(userId)));
    return { ...view, warning: subscriber ? null : 'not-activated' };
  }

  /** GET /api/tenant-ads/{city}: the listed ads of an active city; an unknown city is a 404. */
  async listForLandlords(slug: string): Promise<LandlordTenantAdsResponse> {
    const city = await this.ads.findActiveCity(slug);
    if (!city) throw new NotFoundException('Unknown city');
    const now = this.clock.now();
    const ads = await this.ads.listListed(city.id, now, LANDLORD_PAGE_LIMIT);
    return { city: { slug: city.slug, label: city.label }, data: ads.map((ad) => this.landlordView(ad, now)) };
  }

  /**
   * POST /api/tenant-ads/{id}/contact: the landlord's message, mailed to the seeker from our own
   * address with the landlord as Reply-To. The seeker's address is in no response: the landlord
   * learns it only if the seeker answers. Counted per landlord address before the lookup (so ids
   * cannot be probed at scale) and per ad after it (so one inbox is not flooded). Only an address the
   * seeker has proven is mailed (issue 29): until then the landlord gets a 409 and nothing is kept,
   * so no stranger's inbox typed into an ad receives our mail, now or later.
   */
  async contactSeeker(id: number, message: LandlordContactMessage, from: { ip: string; language: Language }): Promise<void> {
    await this.rateLimits.consume([LANDLORD_CONTACT_LIMITS.ip(from.ip)], from.language);
    const now = this.clock.now();
    const ad = await this.ads.findListed(id, now);
    if (!ad) throw new NotFoundException('Unknown tenant ad');
    const owner = await this.account(ad.userId);
    if (!tenantAdEmailVerified(ad, owner)) {
      throw new ConflictException(apiError(409, TENANT_AD_CONTACT_MESSAGES[from.language].unverified, { code: TENANT_AD_ERROR_CODES.emailUnverified }));
    }
    await this.rateLimits.consume([LANDLORD_CONTACT_LIMITS.ad(ad.id)], from.language);
    const lang: Language = isLanguage(owner.language) ? owner.language : 'da';
    const mail = composeMail(
      landlordMessageMail,
      { language: lang, publicUrl: this.config.http.publicUrl },
      {
        firstName: firstName(ad.name),
        adSubject: headerSafe(ad.subject ?? ''),
        message: message.message,
        landlord: { name: headerSafe(message.name), email: message.email, phone: message.phone ? headerSafe(message.phone) : undefined },
      },
    );
    await this.jobs.enqueue(JOBS.mailDeliver, { to: ad.email, replyTo: headerSafe(message.email), ...mail });
  }

  private account(userId: number) {
    return this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true, emailVerified: true, cellphone: true, language: true } });
  }

  private view(stored: StoredTenantAd, listed: boolean, now: Date, emailVerified: boolean): TenantAdResponse {
    const defaults = defaultTenantAd(now);
    const ad: TenantAd = {
      profile: {
        name: stored.name,
        email: stored.email,
        phone: stored.phone ?? '',
        phonealt: stored.phoneAlt ?? '',
        gender: stored.gender === null ? null : stored.gender === 'MALE' ? 'male' : 'female',
        age: stored.age,
        profession: stored.profession ?? '',
        rki: stored.rki,
      },
      housing: {
        area: stored.city?.slug ?? '',
        rent: stored.rent ?? TENANT_SLIDERS.rent.default,
        rooms: stored.rooms ?? TENANT_SLIDERS.rooms.default,
        size: stored.size ?? TENANT_SLIDERS.size.default,
        dwelling: pick(TENANT_DWELLING_TYPES, stored.dwellingTypes),
        timeframe: pick(TENANT_TIMEFRAMES, stored.timeframes),
        available: storedDate(stored.availableFrom) ?? defaults.housing.available,
      },
      ad: { subject: stored.subject ?? '', text: stored.text ?? '' },
    };
    return { ad, saved: true, publish: stored.published, listed, emailVerified, updatedAt: stored.updatedAt.toISOString() };
  }

  /** What landlords see: no email, no phone, no last name, no gender. */
  private landlordView(ad: StoredTenantAd, now: Date): LandlordTenantAd {
    const available = storedDate(ad.availableFrom);
    return {
      id: ad.id,
      firstName: firstName(ad.name),
      subject: ad.subject ?? '',
      text: ad.text ?? '',
      area: { slug: ad.city?.slug ?? '', label: ad.city?.label ?? '' },
      rent: ad.rent ?? TENANT_SLIDERS.rent.default,
      rooms: ad.rooms ?? TENANT_SLIDERS.rooms.default,
      size: ad.size ?? TENANT_SLIDERS.size.default,
      dwelling: pick(TENANT_DWELLING_TYPES, ad.dwellingTypes),
      timeframe: pick(TENANT_TIMEFRAMES, ad.timeframes),
      availableFrom: available ? tenantAvailableFrom(available, now) : null,
      age: ad.age,
      profession: ad.profession,
      rki: ad.rki,
      updatedAt: ad.updatedAt.toISOString(),
    };
  }
}
