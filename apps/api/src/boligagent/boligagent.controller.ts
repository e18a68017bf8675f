import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  boligagentAdjustSchema,
  boligagentMapAreaRefQuerySchema,
  boligagentPrefRefQuerySchema,
  boligagentPrefRefSchema,
  boligagentRefQuerySchema,
  boligagentSettingsSchema,
  boligagentTokenParamSchema,
  createBoligagentSchema,
  notificationLogSchema,
  updateBoligagentSchema,
  type BoligagentView,
  type CreateBoligagentResponse,
} from '@husly/contracts';
import { Ctx, type RequestContext } from '../common/request-context';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, JwtAuthGuard, OptionalJwtAuthGuard } from '../common/auth/auth.guards';
import { parseInput } from './boligagent-errors';
import { BoligagentService } from './boligagent.service';

/** Spec section 7 "Boligagents". Visitors name their agent by its token; users by their bearer token. */
@Controller('boligagents')
@UseGuards(OptionalJwtAuthGuard)
export class BoligagentsController {
  constructor(private readonly boligagents: BoligagentService) {}

  @Post()
  create(@CurrentUser() user: AuthUser | undefined, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<CreateBoligagentResponse> {
    return this.boligagents.create(user, parseInput(createBoligagentSchema, body), ctx);
  }

  /** The logged-in user's agent (the profile's BoligAgent tab); {agent: null} when there is none. */
  @Get()
  @UseGuards(JwtAuthGuard)
  async mine(@CurrentUser() user: AuthUser): Promise<{ agent: BoligagentView | null }> {
    return { agent: await this.boligagents.ofUser(user) };
  }

  @Put()
  update(@CurrentUser() user: AuthUser | undefined, @Body() body: unknown): Promise<BoligagentView> {
    return this.boligagents.update(user, parseInput(updateBoligagentSchema, body));
  }

  @Delete()
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser | undefined, @Query() query: unknown): Promise<void> {
    await this.boligagents.remove(user, parseInput(boligagentRefQuerySchema, query));
  }

  @Put('pref')
  activatePref(@CurrentUser() user: AuthUser | undefined, @Body() body: unknown): Promise<BoligagentView> {
    return this.boligagents.activatePref(user, parseInput(boligagentPrefRefSchema, body));
  }

  @Delete('pref')
  deletePref(@CurrentUser() user: AuthUser | undefined, @Query() query: unknown): Promise<BoligagentView> {
    return this.boligagents.deletePref(user, parseInput(boligagentPrefRefQuerySchema, query));
  }

  /** One drawn area (ADR 0064): idempotent, the owner's only. */
  @Delete('map-area')
  deleteMapArea(@CurrentUser() user: AuthUser | undefined, @Query() query: unknown): Promise<BoligagentView> {
    return this.boligagents.deleteMapArea(user, parseInput(boligagentMapAreaRefQuerySchema, query));
  }

  @Post('settings')
  @HttpCode(200)
  settings(@CurrentUser() user: AuthUser | undefined, @Body() body: unknown): Promise<BoligagentView> {
    return this.boligagents.settings(user, parseInput(boligagentSettingsSchema, body));
  }

  /** The adjust call {area, current, user, detail}: a logged-in user's search widens the agent (auto-adjust). */
  @Post('adjust')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  adjust(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    return this.boligagents.adjust(user, parseInput(boligagentAdjustSchema, body));
  }

  /** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here; the agent stops at once. */
  @Post('unsubscribe/:token')
  @HttpCode(200)
  async unsubscribe(@Param('token') token: string): Promise<{ unsubscribed: true }> {
    await this.boligagents.unsubscribe(tokenParam(token));
    return { unsubscribed: true };
  }

  /** A person opening the List-Unsubscribe URL in a browser gets the confirmation page, which POSTs. */
  @Get('unsubscribe/:token')
  unsubscribePage(@Param('token') token: string, @Res() reply: FastifyReply): void {
    void reply.redirect(`/boligagent/afmeld/${encodeURIComponent(token)}`, 303);
  }

  /** The change mail's "stop mails about changes" (ADR 0062): a POST switches change alerts off, idempotent. */
  @Post('change-alerts-off/:token')
  @HttpCode(200)
  async changeAlertsOff(@Param('token') token: string): Promise<{ changeAlerts: false }> {
    await this.boligagents.changeAlertsOff(tokenParam(token));
    return { changeAlerts: false };
  }

  /** A browser opening the link gets the confirmation page, which POSTs (a link scanner's GET changes nothing). */
  @Get('change-alerts-off/:token')
  changeAlertsOffPage(@Param('token') token: string, @Res() reply: FastifyReply): void {
    void reply.redirect(`/boligagent/afmeld/${encodeURIComponent(token)}?kun=aendringer`, 303);
  }

  @Get(':token')
  byToken(@Param('token') token: string): Promise<BoligagentView> {
    return this.boligagents.byToken(tokenParam(token));
  }

  @Post(':token/verify')
  @HttpCode(200)
  verify(@Param('token') token: string): Promise<BoligagentView> {
    return this.boligagents.verify(tokenParam(token));
  }
}

/** A token from the path, checked like a body field (a NUL or a broken surrogate is a 400, not a query). */
const tokenParam = (token: string): string => parseInput(boligagentTokenParamSchema, { token }).token;

/** POST /api/notificationLog {user, source, type, dwellingId}: made when a page opens with ?user= from a mail. */
@Controller('notificationLog')
export class NotificationLogController {
  constructor(private readonly boligagents: BoligagentService) {}

  @Post()
  @HttpCode(204)
  async log(@Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    await this.boligagents.logNotification(parseInput(notificationLogSchema, body), ctx);
  }
}
