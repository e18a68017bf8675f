import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  foundHomeRequestSchema,
  manualUnsubscribeRequestSchema,
  unsubscribeConfirmRequestSchema,
  unsubscribeReasonRequestSchema,
  unsubscribeUuidParamSchema,
  type FoundHomeView,
  type ManualUnsubscribeResponse,
  type UnsubscribeConfirmResponse,
  type UnsubscribeReasonResponse,
} from '@husly/contracts';
import { requestContext } from '../../common/request-context';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../../common/auth/auth.guards';
import { notFound, parseInput } from '../subscription-errors';
import { FoundHomeService } from './found-home.service';
import { UnsubscribeService, type Caller } from './unsubscribe.service';

const callerOf = (request: FastifyRequest, user: AuthUser | undefined): Caller => {
  const { ip, language } = requestContext(request);
  return { user, ip, language };
};

/** A path uuid that cannot exist is "not found", as an unknown one is (ADR 0010). */
function uuidParam(params: unknown): string {
  const parsed = unsubscribeUuidParamSchema.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.uuid;
}

/** Spec section 4 "Unsubscription": the survey's reason, the manual form and its confirmation link. */
@Controller()
export class UnsubscribeController {
  constructor(
    private readonly unsubscribe: UnsubscribeService,
    private readonly foundHome: FoundHomeService,
  ) {}

  /** POST /api/subscriptions/cancel/{uuid} {reason}: a subscriber's own subscription, or a manual request's survey. */
  @Post('subscriptions/cancel/:uuid')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  reason(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @CurrentUser() user?: AuthUser): Promise<UnsubscribeReasonResponse> {
    const uuid = uuidParam(params);
    const { reason } = parseInput(unsubscribeReasonRequestSchema, body);
    return this.unsubscribe.answer(callerOf(request, user), uuid, reason);
  }

  /** The manual form: public; the same receipt whether or not the details matched an account. */
  @Post('unsubscribe/manual')
  @HttpCode(201)
  @UseGuards(OptionalJwtAuthGuard)
  manual(@Body() body: unknown, @Req() request: FastifyRequest, @CurrentUser() user?: AuthUser): Promise<ManualUnsubscribeResponse> {
    return this.unsubscribe.manual(callerOf(request, user), parseInput(manualUnsubscribeRequestSchema, body));
  }

  /** The confirmation link's page posts its token here (a GET from a mail scanner must not cancel). */
  @Post('unsubscribe/confirm')
  @HttpCode(200)
  confirm(@Body() body: unknown, @Req() request: FastifyRequest): Promise<UnsubscribeConfirmResponse> {
    return this.unsubscribe.confirm(callerOf(request, undefined), parseInput(unsubscribeConfirmRequestSchema, body).token);
  }

  @Get('users/me/found-home')
  @UseGuards(JwtAuthGuard)
  foundHomeState(@CurrentUser() user: AuthUser): Promise<FoundHomeView> {
    return this.foundHome.state(user);
  }

  /** "Found a home": pause every boligagent and stop renewal, in one step. */
  @Post('users/me/found-home')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  markFoundHome(@CurrentUser() user: AuthUser, @Body() body: unknown, @Req() request: FastifyRequest): Promise<FoundHomeView> {
    parseInput(foundHomeRequestSchema, body);
    return this.foundHome.foundHome({ ...callerOf(request, user), user });
  }

  /** The undo from the profile. */
  @Delete('users/me/found-home')
  @UseGuards(JwtAuthGuard)
  undoFoundHome(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<FoundHomeView> {
    return this.foundHome.undo({ ...callerOf(request, user), user });
  }
}
