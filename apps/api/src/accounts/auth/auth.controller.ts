import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  Header,
  HttpCode,
  Inject,
  Injectable,
  NotFoundException,
  Post,
  Query,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
  type ExecutionContext,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExtractJwt } from 'passport-jwt';
import { randomBytes } from 'node:crypto';
import { COOKIES, isSiteOrigin, locationPath, publicUrlForLanguage, safeNextPath } from '@husly/domain';
import {
  languageHandoffRedeemSchema,
  languageHandoffRequestSchema,
  loginRequestSchema,
  type AuthProvidersResponse,
  type LanguageHandoffResponse,
  type SessionResponse,
} from '@husly/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard } from '../../common/auth/auth.guards';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AccountsService } from '../accounts.service';
import { DeviceCookieService } from '../throttles/device-cookie.service';
import { FACEBOOK_API_VERSION, facebookCallbackUrl, type FacebookIdentity } from './facebook.strategy';
import { LanguageHandoffService } from '../sessions/language-handoff.service';
import { LogoutService } from '../sessions/logout.service';
import { parseBody } from '../parse-body';
import { Ctx, requestContext, type RequestContext } from '../../common/request-context';
import { SocialLoginService } from './social-login.service';

/**
 * CSRF state of the Facebook dialog, with the language host to return to and where to go afterwards:
 * `state|language|next` (only `next` may hold a "|"), URI-encoded by @fastify/cookie when it must be.
 */
const FACEBOOK_STATE_COOKIE = 'bn.fbstate';
const FACEBOOK_STATE_PATH = '/api/auth/facebook';

type FacebookRequest = FastifyRequest & { user?: FacebookIdentity | null };

/** The bearer token as the JWT strategy reads it (logout reads it itself: an ended token may still log out). */
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken() as (request: FastifyRequest) => string | null;

/** The callback's code exchange through passport-facebook; any failure ends on /login?social=failed. */
@Injectable()
export class FacebookCallbackGuard extends AuthGuard('facebook') {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.auth.facebook) throw new NotFoundException();
    const request = context.switchToHttp().getRequest<FacebookRequest>();
    const state = request.cookies[FACEBOOK_STATE_COOKIE]?.split('|')[0];
    const query = request.query as Record<string, string | undefined>;
    if (!state || query.state !== state) {
      request.user = null;
      return true;
    }
    try {
      await super.canActivate(context);
    } catch {
      request.user = null;
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    return (error || !user ? null : user) as T;
  }

  // passport writes redirects to a Node response; Fastify's reply wraps one.
  getResponse(context: ExecutionContext) {
    return context.switchToHttp().getResponse<FastifyReply>().raw;
  }
}

@Controller('auth')
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly social: SocialLoginService,
    private readonly devices: DeviceCookieService,
    private readonly handoffs: LanguageHandoffService,
    private readonly logouts: LogoutService,
  ) {}

  /**
   * {email, password, prefs} → {token, user} and a device cookie (ADR 0005); 401 with the spec's two
   * messages; 429 with Retry-After when throttled.
   */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponse> {
    const { session, deviceCookie } = await this.accounts.login(parseBody(loginRequestSchema, body), ctx);
    this.devices.set(reply, deviceCookie);
    return session;
  }

  /**
   * Ends the bearer token's session on the server, on both language hosts (LogoutService): 204, also
   * when it had ended already (a second click, a second tab); 401 only for a token we did not sign.
   */
  @Post('logout')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  async logout(@Req() request: FastifyRequest): Promise<void> {
    if (!(await this.logouts.logout(bearerToken(request)))) throw new UnauthorizedException('Login required');
  }

  /** "Log out everywhere": every session of the user ends, this one too. 204, or 401 without a live token of ours. */
  @Post('logout-all')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  async logoutAll(@Req() request: FastifyRequest): Promise<void> {
    if (!(await this.logouts.logoutAll(bearerToken(request)))) throw new UnauthorizedException('Login required');
  }

  /** {language} → {code}: the page posts the code to the other language's host (LanguageHandoffService). */
  @Post('handoff')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  async handoff(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<LanguageHandoffResponse> {
    const { language } = parseBody(languageHandoffRequestSchema, body);
    return { code: await this.handoffs.issue(user, language) };
  }

  /**
   * The form the other language's page posts: the session cookie for this host, then 303 to `next`.
   * Only our own pages may post it (Origin), or a page elsewhere could log a visitor in as someone
   * else. A used or expired code still lands on the page, logged out, as a plain link would.
   */
  @Post('handoff/redeem')
  async redeemHandoff(@Req() request: FastifyRequest, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    if (!isSiteOrigin(request.headers.origin, this.config.http.publicUrl, { localhost: this.config.env !== 'production' })) {
      throw new ForbiddenException('Not from this site');
    }
    const { code, next } = parseBody(languageHandoffRedeemSchema, body);
    const token = await this.handoffs.redeem(code);
    void reply.header('Cache-Control', 'no-store');
    if (token) this.setTokenCookie(reply, token);
    void reply.redirect(next ?? '/', 303);
  }

  /** Which social logins are configured: the web hides the button otherwise. */
  @Get('providers')
  providers(): AuthProvidersResponse {
    return { facebook: Boolean(this.config.auth.facebook) };
  }

  /** Starts Facebook login: to the dialog, with a state cookie against login CSRF. */
  @Get('facebook')
  facebook(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query('next') next?: string): void {
    const facebook = this.config.auth.facebook;
    if (!facebook) throw new NotFoundException();
    const state = randomBytes(16).toString('base64url');
    const ctx = requestContext(request);
    const value = [state, ctx.language, safeNextPath(next) ?? ''].join('|');
    const dialog = new URL(`https://www.facebook.com/${FACEBOOK_API_VERSION}/dialog/oauth`);
    dialog.searchParams.set('client_id', facebook.appId);
    dialog.searchParams.set('redirect_uri', facebookCallbackUrl(this.config));
    dialog.searchParams.set('scope', 'email');
    dialog.searchParams.set('state', state);
    void reply
      .setCookie(FACEBOOK_STATE_COOKIE, value, { path: FACEBOOK_STATE_PATH, maxAge: 600, httpOnly: true, sameSite: 'lax', secure: this.secure() })
      .redirect(dialog.toString(), 302);
  }

  /** Back from Facebook: the user is found or created, the token cookie set, and the browser sent on. */
  @Get('facebook/callback')
  @UseGuards(FacebookCallbackGuard)
  async facebookCallback(@Req() request: FacebookRequest, @Res() reply: FastifyReply): Promise<void> {
    const [, languageRaw, ...nextParts] = (request.cookies[FACEBOOK_STATE_COOKIE] ?? '').split('|');
    const language = languageRaw === 'en' ? 'en' : 'da';
    const site = publicUrlForLanguage(this.config.http.publicUrl, language);
    void reply.clearCookie(FACEBOOK_STATE_COOKIE, { path: FACEBOOK_STATE_PATH, httpOnly: true, sameSite: 'lax', secure: this.secure() });
    if (!request.user) {
      void reply.redirect(`${site}/login?social=failed`, 302);
      return;
    }
    const userId = await this.social.facebookUser(request.user, language);
    this.setTokenCookie(reply, await this.accounts.token(userId));
    void reply.redirect(`${site}${locationPath(nextParts.join('|')) ?? '/profile'}`, 302);
  }

  /** The web reads the token cookie (spec section 9: token, 3600 s), so it is not HttpOnly. */
  private setTokenCookie(reply: FastifyReply, token: string): void {
    void reply.setCookie(COOKIES.token.name, token, { path: '/', maxAge: COOKIES.token.maxAgeSeconds, sameSite: 'lax', secure: this.secure() });
  }

  private secure(): boolean {
    return this.config.security.secureCookies;
  }
}
