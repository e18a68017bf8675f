import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { APP_CONFIG } from '../config/config.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AccountMailer } from './mail/account-mailer.service';
import { AccountTokensService } from './account-tokens.service';
import { LanguageHandoffService } from './sessions/language-handoff.service';
import { LogoutService } from './sessions/logout.service';
import { AccountsService } from './accounts.service';
import { AuthController, FacebookCallbackGuard } from './auth/auth.controller';
import { FacebookStrategy } from './auth/facebook.strategy';
import { ProfileService } from './profile/profile.service';
import { DeviceCookieService } from './throttles/device-cookie.service';
import { SessionPrefsService } from './session-prefs.service';
import { SocialLoginService } from './auth/social-login.service';
import { UserDataService } from './profile/user-data.service';
import { UsersController } from './profile/users.controller';

/**
 * Accounts: signup, login (password and Facebook), verification and reset links, the profile and
 * the user's own data. Exports what other features reuse: SessionPrefsService (boligagent prefs from
 * the session) and AccountsService.sessionUser.
 *
 * The root holds what other features may import (ADR 0060): this module and the services at the
 * root (accounts, link tokens, session prefs). The rest by concern: auth/ (login and signup routes,
 * Facebook), sessions/ (logout, language handoff), profile/ (the user's own data), throttles/ (login
 * buckets, device cookie), mail/ (sends the accounts' mails; their texts are in infra/mail/templates/).
 */
@Module({
  imports: [SubscriptionsModule, RateLimitModule],
  controllers: [AuthController, UsersController],
  providers: [
    AccountsService,
    ProfileService,
    UserDataService,
    AccountTokensService,
    LanguageHandoffService,
    LogoutService,
    AccountMailer,
    DeviceCookieService,
    SessionPrefsService,
    SocialLoginService,
    FacebookCallbackGuard,
    // Constructing the strategy registers it with passport: only when Facebook login is configured.
    { provide: FacebookStrategy, inject: [APP_CONFIG], useFactory: (config: AppConfig) => (config.auth.facebook ? new FacebookStrategy(config) : null) },
  ],
  exports: [AccountsService, SessionPrefsService],
})
export class AccountsModule {}
