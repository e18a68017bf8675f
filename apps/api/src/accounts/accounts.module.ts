import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { APP_CONFIG } from '../config/config.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AccountMailer } from './account-mailer.service';
import { AccountTokensService } from './account-tokens.service';
import { LanguageHandoffService } from './language-handoff.service';
import { LogoutService } from './logout.service';
import { AccountsService } from './accounts.service';
import { AuthController, FacebookCallbackGuard } from './auth.controller';
import { FacebookStrategy } from './facebook.strategy';
import { ProfileService } from './profile.service';
import { DeviceCookieService } from './device-cookie.service';
import { SessionPrefsService } from './session-prefs.service';
import { SocialLoginService } from './social-login.service';
import { UserDataService } from './user-data.service';
import { UsersController } from './users.controller';

/**
 * Accounts: signup, login (password and Facebook), verification and reset links, the profile and
 * the user's own data. Exports what other features reuse: SessionPrefsService (boligagent prefs from
 * the session) and AccountsService.sessionUser.
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
