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
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard } from '../common/auth/auth.guards';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AccountsService } from './accounts.service';
import { DeviceCookieService } from './device-cookie.service';
import { FACEBOOK_API_VERSION, facebookCallbackUrl, type FacebookIdentity } from './facebook.strategy';
import { LanguageHandoffService } from './language-handoff.service';
import { LogoutService } from './logout.service';
import { parseBody } from './parse-body';
import { Ctx, parseCookieHeader, requestContext, type RequestContext } from './request-context';
import { SocialLoginService } from './social-login.service';

/** CSRF state of the Facebook dialog, with where to go afterwards and the language host to return to. */
const FACEBOOK_STATE_COOKIE = 'bn.fbstate';

type FacebookRequest = FastifyRequest & { user?: FacebookIdentity | null };

/** A part of the state cookie; '' when it does not decode (the browser's own cookie, but still input). */
function decodedOrEmpty(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}

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
    const state = parseCookieHeader(request.headers.cookie)[FACEBOOK_STATE_COOKIE]?.split('|')[0];
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
    void reply.header('Set-Cookie', this.devices.header(deviceCookie));
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
    if (token) void reply.header('Set-Cookie', `${COOKIES.token.name}=${token}; Path=/; Max-Age=${COOKIES.token.maxAgeSeconds}; SameSite=Lax${this.secure()}`);
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
    const value = [state, ctx.language, safeNextPath(next) ?? ''].map(encodeURIComponent).join('|');
    const dialog = new URL(`https://www.facebook.com/${FACEBOOK_API_VERSION}/dialog/oauth`);
    dialog.searchParams.set('client_id', facebook.appId);
    dialog.searchParams.set('redirect_uri', facebookCallbackUrl(this.config));
    dialog.searchParams.set('scope', 'email');
    dialog.searchParams.set('state', state);
    void reply
      .header('Set-Cookie', `${FACEBOOK_STATE_COOKIE}=${value}; Path=/api/auth/facebook; Max-Age=600; HttpOnly; SameSite=Lax${this.secure()}`)
      .redirect(dialog.toString(), 302);
  }

  /** Back from Facebook: the user is found or created, the token cookie set, and the browser sent on. */
  @Get('facebook/callback')
  @UseGuards(FacebookCallbackGuard)
  async facebookCallback(@Req() request: FacebookRequest, @Res() reply: FastifyReply): Promise<void> {
    const [, languageRaw, nextRaw] = (parseCookieHeader(request.headers.cookie)[FACEBOOK_STATE_COOKIE] ?? '').split('|').map(decodedOrEmpty);
    const language = languageRaw === 'en' ? 'en' : 'da';
    const site = publicUrlForLanguage(this.config.http.publicUrl, language);
    const clearState = `${FACEBOOK_STATE_COOKIE}=; Path=/api/auth/facebook; Max-Age=0`;
    if (!request.user) {
      void reply.header('Set-Cookie', clearState).redirect(`${site}/login?social=failed`, 302);
      return;
    }
    const userId = await this.social.facebookUser(request.user, language);
    const token = await this.accounts.token(userId);
    // The web reads the token cookie (spec section 9: token, 3600 s), so it is not HttpOnly.
    const cookie = `${COOKIES.token.name}=${token}; Path=/; Max-Age=${COOKIES.token.maxAgeSeconds}; SameSite=Lax${this.secure()}`;
    void reply.header('Set-Cookie', [clearState, cookie]).redirect(`${site}${locationPath(nextRaw) ?? '/profile'}`, 302);
  }

  private secure(): string {
    return this.config.http.publicUrl.startsWith('https://') ? '; Secure' : '';
  }
}
