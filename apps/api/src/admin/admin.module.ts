import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { AlertsModule } from '../alerts/alerts.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AdminAlertsController } from './alerts/admin-alerts.controller';
import { AuditLogService } from './audit/audit-log.service';
import { AdminAccessService } from './auth/admin-access.service';
import { AdminSessionController } from './auth/admin-session.controller';
import { AdminGuard } from './auth/admin.guard';
import { AdminPaymentsController } from './payments/admin-payments.controller';
import { AdminRunsController } from './runs/admin-runs.controller';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';

/**
 * The support desk's API, /api/admin (issue 33, docs/decisions/0061-support-desk.md): the admin
 * role's second factor and short sessions, the audit log, and support's reads and changes, which
 * go through the features that own them (accounts' mails, subscriptions' gateway calls).
 */
@Module({
  imports: [AccountsModule, SubscriptionsModule, AlertsModule, RateLimitModule],
  controllers: [AdminSessionController, AdminUsersController, AdminPaymentsController, AdminAlertsController, AdminRunsController],
  providers: [AdminAccessService, AdminGuard, AuditLogService, AdminUsersService],
  exports: [AdminAccessService],
})
export class AdminModule {}
