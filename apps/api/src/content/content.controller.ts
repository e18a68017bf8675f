import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { contactRequestSchema } from '@husly/contracts';
import { requestContext } from '../common/request-context';
import { parseInput } from '../common/parse-input';
import { ContentService } from './content.service';

@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  /** POST /api/contact {name, email, subject, message}: mailed to support; 202 once queued. */
  @Post('contact')
  @HttpCode(202)
  async contact(@Body() body: unknown, @Req() request: FastifyRequest): Promise<void> {
    const message = parseInput(contactRequestSchema, body);
    const { ip, language } = requestContext(request);
    await this.content.sendContactMessage(message, { ip, language });
  }
}
