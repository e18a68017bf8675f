import { Injectable, NotFoundException, createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AdminAccessService, type AdminPrincipal } from './admin-access.service';
import { unclaimedPath, type AdminRequest } from './admin-gate';

/**
 * The desk's routes exist for admins with an open session only: to anyone else they answer the 404
 * of a path no route claims, word for word, so the desk cannot be found by probing.
 */
export const routeNotFound = (request: FastifyRequest) => new NotFoundException(unclaimedPath(request));

/** Behind the gate (admin-gate.ts), which found the admin already; checked again here should a route escape it. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly access: AdminAccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const admin = request.admin ?? (await this.access.authenticate(request));
    if (!admin) throw routeNotFound(request);
    request.admin = admin;
    return true;
  }
}

/** The admin behind the request (AdminGuard set it). */
export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AdminPrincipal => {
  return context.switchToHttp().getRequest<{ admin: AdminPrincipal }>().admin;
});
