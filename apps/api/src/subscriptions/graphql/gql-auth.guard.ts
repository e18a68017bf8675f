import { ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth/auth-user';
import { JwtAuthGuard } from '../../common/auth/auth.guards';

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
