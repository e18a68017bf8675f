import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { pushSubscribeSchema, pushUnsubscribeSchema, type PushPublicKeyResponse } from '@husly/contracts';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, OptionalJwtAuthGuard } from '../common/auth/auth.guards';
import { Ctx, type RequestContext } from '../common/request-context';
import { parseInput } from './boligagent-errors';
import { PushService } from './push/push.service';

/** Instant push (docs/decisions/0063-instant-push.md): the VAPID key, and a browser's subscription on and off. */
@Controller('push')
@UseGuards(OptionalJwtAuthGuard)
export class PushController {
  constructor(private readonly push: PushService) {}

  @Get('public-key')
  publicKey(): PushPublicKeyResponse {
    return { publicKey: this.push.publicKey() };
  }

  @Post('subscriptions')
  @HttpCode(204)
  async subscribe(@CurrentUser() user: AuthUser | undefined, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    await this.push.subscribe(user, parseInput(pushSubscribeSchema, body), ctx);
  }

  @Delete('subscriptions')
  @HttpCode(204)
  async unsubscribe(@CurrentUser() user: AuthUser | undefined, @Body() body: unknown): Promise<void> {
    await this.push.unsubscribe(user, parseInput(pushUnsubscribeSchema, body));
  }
}
