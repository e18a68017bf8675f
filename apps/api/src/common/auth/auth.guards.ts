import { ExecutionContext, Injectable, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
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
  override handleRequest<T = AuthUser>(_error: unknown, user: T | false): T {
    return (user || undefined) as T;
  }
}

/** The request's user: AuthUser behind JwtAuthGuard, AuthUser | undefined behind OptionalJwtAuthGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
