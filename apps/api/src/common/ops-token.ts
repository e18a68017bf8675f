import { Inject, Injectable, NotFoundException, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/**
 * Whether an Authorization header carries OPS_TOKEN as its bearer: for what ops may read and visitors
 * may not (health details, metrics). Compared in constant time, whatever either length: the digests
 * are always 32 bytes.
 */
export function isOpsBearer(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * A route for ops only: without a configured OPS_TOKEN it is not there (404, like any unknown path);
 * without the right bearer it is a 401 that asks for one.
 */
@Injectable()
export class OpsTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.ops.token;
    if (!token) throw new NotFoundException();
    const http = context.switchToHttp();
    if (!isOpsBearer(http.getRequest<FastifyRequest>().headers.authorization, token)) {
      void http.getResponse<FastifyReply>().header('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException();
    }
    return true;
  }
}
