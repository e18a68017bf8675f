import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  changeNameRequestSchema,
  changePasswordRequestSchema,
  consentRequestSchema,
  emailRequestSchema,
  setPasswordRequestSchema,
  signupRequestSchema,
  tokenRequestSchema,
  verifyPasswordRequestSchema,
  verifyQuerySchema,
  type MeResponse,
  type OkResponse,
  type SessionResponse,
} from '@husly/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard } from '../../common/auth/auth.guards';
import { AccountsService } from '../accounts.service';
import { parseBody } from '../parse-body';
import { ProfileService } from './profile.service';
import { Ctx, type RequestContext } from '../../common/request-context';
import { UserDataService } from './user-data.service';

/** Spec section 7, "Users and session". Protected routes take Authorization: Bearer <token>. */
@Controller('users')
export class UsersController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profile: ProfileService,
    private readonly userData: UserDataService,
  ) {}

  /** Signup payload plus utm → 201 {token, user}; 422 with field errors; 429 when throttled. */
  @Post()
  signup(@Body() body: unknown, @Ctx() ctx: RequestContext): Promise<SessionResponse> {
    return this.accounts.signup(parseBody(signupRequestSchema, body), ctx);
  }

  /** The verification mail's link → {token, user}; 400 when the token is not recognised. */
  @Get('verify')
  verify(@Query() query: unknown): Promise<SessionResponse> {
    return this.accounts.verifyEmail(parseBody(verifyQuerySchema, query).token);
  }

  /** {email} → {ok: true}, known address or not. */
  @Put('reset-password')
  resetPassword(@Body() body: unknown, @Ctx() ctx: RequestContext): Promise<OkResponse> {
    return this.profile.requestPasswordReset(parseBody(emailRequestSchema, body).email, ctx);
  }

  /** {data: the reset link's query} → {token, user}; the token may set a new password for 30 minutes. */
  @Post('verify-password')
  @HttpCode(200)
  verifyPassword(@Body() body: unknown): Promise<SessionResponse> {
    return this.accounts.verifyPasswordLink(parseBody(verifyPasswordRequestSchema, body).data);
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  async me(@CurrentUser() user: AuthUser): Promise<MeResponse> {
    return { user: await this.accounts.sessionUser(user.id) };
  }

  /** Everything stored about the user, as a JSON download. */
  @Get('me/export')
  @UseGuards(JwtAuthGuard)
  @Header('Content-Disposition', 'attachment; filename="husly-data.json"')
  @Header('Cache-Control', 'no-store')
  export(@CurrentUser() user: AuthUser): Promise<Record<string, unknown>> {
    return this.userData.export(user.id);
  }

  /** Deletes the account (204); invoices stay for bookkeeping. */
  @Delete('me')
  @UseGuards(JwtAuthGuard)
  @HttpCode(204)
  async delete(@CurrentUser() user: AuthUser): Promise<void> {
    await this.userData.delete(user.id);
  }

  /** {newPassword, oldPassword, repeat?} → {token, user}: every other session ends, this one goes on with the new token. */
  @Post('me/pass')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  changePassword(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<SessionResponse> {
    return this.profile.changePassword(user, parseBody(changePasswordRequestSchema, body), ctx.language);
  }

  /** {password, repeat?} → {token, user}: with a reset-link token, or for a user without a password; ends every other session. */
  @Put('me/set-password')
  @UseGuards(JwtAuthGuard)
  setPassword(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<SessionResponse> {
    return this.profile.setPassword(user, parseBody(setPasswordRequestSchema, body), ctx.language);
  }

  /** {email}: change the address; unverified until the new address's link is followed. */
  @Post('me/email')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  changeEmail(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<MeResponse> {
    return this.profile.changeEmail(user, parseBody(emailRequestSchema, body).email, ctx);
  }

  /** {email}: "We need your email" (a user without one); same rules as a change. */
  @Post('me/set-email')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  setEmail(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<MeResponse> {
    return this.profile.changeEmail(user, parseBody(emailRequestSchema, body).email, ctx);
  }

  /** {email}: the confirmation mail again. */
  @Post('me/resend-verification')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  resendVerification(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<OkResponse> {
    return this.profile.resendVerification(user, parseBody(emailRequestSchema, body).email || undefined, ctx);
  }

  /** {token}: verification while logged in; the link must be the caller's. */
  @Post('me/verify-email')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  verifyEmail(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<SessionResponse> {
    return this.accounts.verifyEmail(parseBody(tokenRequestSchema, body).token, user);
  }

  /** {name} */
  @Post('me/change-name')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  changeName(@CurrentUser() user: AuthUser, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<MeResponse> {
    return this.profile.changeName(user, parseBody(changeNameRequestSchema, body).name, ctx.language);
  }

  /** {consent}: consent to communication, recorded with its time. */
  @Post('me/consent')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  setConsent(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<MeResponse> {
    return this.profile.setConsent(user, parseBody(consentRequestSchema, body).consent);
  }
}
