import { Body, Controller, Delete, Get, HttpCode, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ERROR_CODES, adminSessionRequestSchema, apiError, type AdminMe } from '@husly/contracts';
import { parseInput } from '../../common/parse-input';
import { requestContext } from '../../common/request-context';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ADMIN_COOKIE, ADMIN_COOKIE_PATH, ADMIN_SESSION_MS, AdminAccessService, type AdminPrincipal } from './admin-access.service';
import { AdminGuard, CurrentAdmin, routeNotFound } from './admin.guard';

/** The desk's door: who is here, the second factor, and leaving. */
@Controller('admin')
export class AdminSessionController {
  constructor(
    private readonly access: AdminAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 200 with an open session; 401 second-factor-required to an admin without one; 404 to anyone else. */
  @Get('me')
  async me(@Req() request: FastifyRequest): Promise<AdminMe> {
    const admin = await this.access.authenticate(request);
    if (admin) return meOf(admin);
    const user = await this.access.userOf(request);
    if (user && (await this.access.isAdmin(user.id))) {
      throw new HttpException(apiError(401, 'The second factor is due', { code: ADMIN_ERROR_CODES.secondFactorRequired }), 401);
    }
    throw routeNotFound(request);
  }

  /** The authenticator app's code opens a session: an HttpOnly, SameSite=Strict cookie for /api/admin. */
  @Post('session')
  @HttpCode(200)
  async open(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @Body() body: unknown): Promise<AdminMe> {
    const user = await this.access.userOf(request);
    if (!user || !(await this.access.isAdmin(user.id))) throw routeNotFound(request);
    const { code } = parseInput(adminSessionRequestSchema, body);
    const { token, me } = await this.access.openSession(user, code, requestContext(request).language);
    void reply.setCookie(ADMIN_COOKIE, token, { path: ADMIN_COOKIE_PATH, maxAge: ADMIN_SESSION_MS / 1000, httpOnly: true, sameSite: 'strict', secure: this.config.security.secureCookies });
    return me;
  }

  @Delete('session')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  async close(@CurrentAdmin() admin: AdminPrincipal, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.access.endSession(admin);
    void reply.clearCookie(ADMIN_COOKIE, { path: ADMIN_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: this.config.security.secureCookies });
  }
}

const meOf = (admin: AdminPrincipal): AdminMe => ({ userId: admin.userId, email: admin.email, name: admin.name, sessionExpiresAt: admin.expiresAt.toISOString() });
