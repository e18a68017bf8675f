import { ExecutionContext, Injectable, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Observable } from 'rxjs';
import type { AuthUser } from './auth-user';

/** 401 unless a valid bearer token is sent. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T = AuthUser>(error: unknown, user: T | false): T {
    if (error || !user) throw new UnauthorizedException('Login required');
    return user;
  }
}

/** Lets visitors through; attaches the user when a valid token is sent (e.g. dwelling detail). */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  /**
   * Without an Authorization header there is no token to read (the strategy reads only the bearer
   * header), so a visitor passes without passport's round: it was ~0.07 ms of CPU on every visitor's
   * list and detail request (issue 16, bench:search), as much as a fifth of a detail.
   */
  override canActivate(context: ExecutionContext): boolean | Promise<boolean> | Observable<boolean> {
    const request = this.getRequest(context) as { headers?: Record<string, unknown> } | undefined;
    if (request?.headers?.authorization === undefined) return true;
    return super.canActivate(context);
  }

  override handleRequest<T = AuthUser>(_error: unknown, user: T | false): T {
    return (user || undefined) as T;
  }
}

/** The request's user: AuthUser behind JwtAuthGuard, AuthUser | undefined behind OptionalJwtAuthGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
