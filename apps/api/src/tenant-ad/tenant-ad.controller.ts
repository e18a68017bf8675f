import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, Post, UseGuards } from '@nestjs/common';
import {
  INT32_MAX,
  landlordContactRequestSchema,
  tenantAdRequestSchema,
  tokenRequestSchema,
  type OkResponse,
  type LandlordTenantAdsResponse,
  type TenantAdResponse,
  type TenantAdSaveResponse,
} from '@husly/contracts';
import { isCitySlug } from '@husly/domain';
import { Ctx, type RequestContext } from '../common/request-context';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard } from '../common/auth/auth.guards';
import { parseInput } from '../common/parse-input';
import { TenantAdService } from './tenant-ad.service';

/** An id that cannot exist is "not found" without a query, as an unknown one would be (ADR 0010). */
function adId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT32_MAX) throw new NotFoundException('Unknown tenant ad');
  return Number(raw);
}

/** The tenant ad: the seeker's own (users/me/tenant) and what landlords see (tenant-ads, not indexed). */
@Controller()
export class TenantAdController {
  constructor(private readonly tenantAds: TenantAdService) {}

  @Get('users/me/tenant')
  @UseGuards(JwtAuthGuard)
  @Header('Cache-Control', 'no-store')
  get(@CurrentUser() user: AuthUser): Promise<TenantAdResponse> {
    return this.tenantAds.get(user.id);
  }

  /** 200 with the stored ad (and `warning: not-activated` without a subscription); 400 naming the fields. */
  @Post('users/me/tenant')
  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  save(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<TenantAdSaveResponse> {
    return this.tenantAds.save(user.id, parseInput(tenantAdRequestSchema, body), { ip: ctx.ip, language: ctx.language });
  }

  /** The link that proves the ad's address, again: 200 (one mail for a double click), 404 without an ad, 429 beyond the limits. */
  @Post('users/me/tenant/verification-mail')
  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  async sendVerification(@CurrentUser() user: AuthUser, @Ctx() ctx: RequestContext): Promise<OkResponse> {
    await this.tenantAds.sendVerification(user.id, { ip: ctx.ip, language: ctx.language });
    return { ok: true };
  }

  /** {token} from that link, followed by the ad's owner: 200 with the ad; 400 for another user's, used or expired link. */
  @Post('users/me/tenant/verify-email')
  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  verifyEmail(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<TenantAdResponse> {
    return this.tenantAds.verifyEmail(user.id, parseInput(tokenRequestSchema, body).token);
  }

  /** The published ads of a city for landlords. Public, but kept out of search engines. */
  @Get('tenant-ads/:city')
  @Header('X-Robots-Tag', 'noindex, nofollow')
  @Header('Cache-Control', 'private, no-cache')
  list(@Param('city') city: string): Promise<LandlordTenantAdsResponse> {
    if (!isCitySlug(city)) throw new NotFoundException('Unknown city');
    return this.tenantAds.listForLandlords(city);
  }

  /** A landlord's message to the seeker, relayed by mail; 202 once queued, 429 beyond the limits. */
  @Post('tenant-ads/:id/contact')
  @HttpCode(202)
  @Header('X-Robots-Tag', 'noindex')
  async contact(@Param('id') id: string, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    const ad = adId(id);
    await this.tenantAds.contactSeeker(ad, parseInput(landlordContactRequestSchema, body), { ip: ctx.ip, language: ctx.language });
  }
}
