import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { adminIdParamSchema, adminMoneyActionSchema, adminSubscriptionParamSchema, type SubscriptionView, type Transaction } from '@husly/contracts';
import { parseInput } from '../../common/parse-input';
import { SubscriptionsService } from '../../subscriptions/subscriptions.service';
import { AuditLogService } from '../audit/audit-log.service';
import { actorOf, type AdminPrincipal } from '../auth/admin-access.service';
import { AdminGuard, CurrentAdmin } from '../auth/admin.guard';

/**
 * Support's money actions, through the payment gateway (Stripe or the test provider) as the
 * subscriber's own: cancel, withdraw with a refund, refund one charge. The subscriptions feature
 * runs each in the owner's subscription lock and hands back what changed for the audit log.
 */
@Controller('admin')
@UseGuards(AdminGuard)
export class AdminPaymentsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly audit: AuditLogService,
  ) {}

  @Post('subscriptions/:id/cancel')
  @HttpCode(200)
  async cancel(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<SubscriptionView> {
    const { id } = parseInput(adminSubscriptionParamSchema, params);
    const { reason } = parseInput(adminMoneyActionSchema, body);
    return this.subscriptions.supportCancel(id, this.recorder(admin, 'subscription.cancel', id, reason));
  }

  @Post('subscriptions/:id/withdraw')
  @HttpCode(200)
  async withdraw(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<{ refundedOre: number; subscription: SubscriptionView }> {
    const { id } = parseInput(adminSubscriptionParamSchema, params);
    const { reason } = parseInput(adminMoneyActionSchema, body);
    return this.subscriptions.supportWithdraw(id, this.recorder(admin, 'subscription.withdraw', id, reason));
  }

  @Post('receipts/:id/refund')
  @HttpCode(200)
  async refund(@CurrentAdmin() admin: AdminPrincipal, @Param() params: unknown, @Body() body: unknown): Promise<{ refundedOre: number; transaction: Transaction }> {
    const { id } = parseInput(adminIdParamSchema, params);
    const { reason } = parseInput(adminMoneyActionSchema, body);
    return this.subscriptions.supportRefund(id, this.recorder(admin, 'receipt.refund', `receipt ${id}`, reason));
  }

  private recorder(admin: AdminPrincipal, action: string, target: string, reason?: string) {
    return async ({ userId, before, after }: { userId: number; before: unknown; after: unknown }) => {
      await this.audit.record(actorOf(admin), { action, target, targetUserId: userId, before, after: reason ? { ...(after as object), reason } : after });
    };
  }
}
