import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBeaconQuerySchema, eventRequestSchema } from '@husly/contracts';
import { COOKIES } from '@husly/domain';
import { requestContext } from '../common/request-context';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, OptionalJwtAuthGuard } from '../common/auth/auth.guards';
import { parseInput } from '../common/parse-input';
import { EventsService } from './events.service';

/** The smallest transparent GIF (1×1): what an <img> beacon expects back. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The bn.visitor cookie, written by the web only with consent: a random UUID, or nothing we keep. */
const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const visitorIdOf = (cookie: string | undefined): string | undefined => (cookie && VISITOR_ID.test(cookie) ? cookie : undefined);

@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** POST /api/event {type, payload?}: a named event from the web app; with a token it is the user's. */
  @Post('event')
  @HttpCode(204)
  @UseGuards(OptionalJwtAuthGuard)
  async record(@Body() body: unknown, @Req() request: FastifyRequest, @CurrentUser() user?: AuthUser): Promise<void> {
    const event = parseInput(eventRequestSchema, body);
    const { ip, language, cookies } = requestContext(request);
    await this.events.record(event, { userId: user?.id, visitorId: visitorIdOf(cookies[COOKIES.visitor.name]), ip, language });
  }

  /**
   * GET /i.gif?error=…: the error beacon (outside /api, as the spec names it). Always the image, so
   * a page never shows a broken one; a flood from one address answers 429 and is not logged.
   */
  @Get('i.gif')
  @Header('Cache-Control', 'no-store')
  async beacon(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const report = parseInput(errorBeaconQuerySchema, query);
    const logged = await this.events.reportError(report, requestContext(request).ip);
    await reply.status(logged ? 200 : 429).type('image/gif').send(TRANSPARENT_GIF);
  }
}
