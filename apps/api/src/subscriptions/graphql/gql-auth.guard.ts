import { ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth/auth-user';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../../common/auth/auth.guards';

/** The bearer-token guard of REST, reading the request from the GraphQL context. Every resolver has it. */
@Injectable()
export class GqlJwtAuthGuard extends JwtAuthGuard {
  override getRequest(context: ExecutionContext): unknown {
    return GqlExecutionContext.create(context).getContext<{ req: unknown }>().req;
  }
}

export const GqlCurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  return GqlExecutionContext.create(context).getContext<{ req: { user: AuthUser } }>().req.user;
});

/**
 * The explicit "public" marker of a resolver visitors may call (the legacy unsubscribe mutations):
 * lets visitors through and attaches the user when a valid bearer token comes with the request.
 */
@Injectable()
export class GqlOptionalJwtAuthGuard extends OptionalJwtAuthGuard {
  override getRequest(context: ExecutionContext): unknown {
    return GqlExecutionContext.create(context).getContext<{ req: unknown }>().req;
  }
}

export const GqlOptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return GqlExecutionContext.create(context).getContext<{ req: { user?: AuthUser } }>().req.user;
});

/** The Fastify request behind a GraphQL call (client address and language for the throttles). */
export const GqlRequest = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => {
  return GqlExecutionContext.create(context).getContext<{ req: unknown }>().req;
});
