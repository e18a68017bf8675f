import { UseGuards } from '@nestjs/common';
import { Args, Field, Mutation, ObjectType, Resolver } from '@nestjs/graphql';
import type { FastifyRequest } from 'fastify';
import { manualUnsubscribeRequestSchema, unsubscribeReasonRequestSchema, unsubscribeUuidParamSchema, type UnsubscriptionView } from '@husly/contracts';
import { requestContext } from '../../common/request-context';
import type { AuthUser } from '../../common/auth/auth-user';
import { GqlOptionalJwtAuthGuard, GqlOptionalUser, GqlRequest } from '../graphql/gql-auth.guard';
import { notFound, parseInput } from '../subscription-errors';
import { UnsubscribeService, type Caller } from './unsubscribe.service';

@ObjectType('Unsubscription', { description: 'The unsubscription record of spec section 3.' })
export class UnsubscriptionModel {
  @Field() uuid!: string;
  @Field(() => String, { nullable: true, description: 'A code or found-… value, or the survey answers as JSON text.' }) reason!: string | null;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) orderno!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field() timestamp!: string;
  @Field(() => Boolean, { nullable: true, description: 'unsubscribeReason: false clears the subscription from view (not a found-dwelling reason).' })
  keepInView?: boolean;
}

/** The reason argument: a code or found-… value as is, or the survey answers as a JSON object text. */
function reasonArgument(reason: string): unknown {
  const trimmed = reason.trim();
  if (!trimmed.startsWith('{')) return reason;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return reason;
  }
}

const model = (v: UnsubscriptionView, keepInView?: boolean): UnsubscriptionModel => ({
  ...v,
  reason: v.reason === null ? null : typeof v.reason === 'string' ? v.reason : JSON.stringify(v.reason),
  keepInView,
});

/**
 * The legacy mutations of spec section 7: the same service and contracts as REST
 * (POST /api/subscriptions/cancel/{uuid}, POST /api/unsubscribe/manual). Public by design: visitors
 * send the manual form; GqlOptionalJwtAuthGuard is the explicit marker and attaches a logged-in user.
 */
@Resolver()
@UseGuards(GqlOptionalJwtAuthGuard)
export class UnsubscribeResolver {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Mutation(() => UnsubscriptionModel)
  async unsubscribeReason(
    @Args('reason') reason: string,
    @Args('uuid') uuid: string,
    @GqlRequest() request: FastifyRequest,
    @GqlOptionalUser() user?: AuthUser,
  ): Promise<UnsubscriptionModel> {
    const parsedUuid = unsubscribeUuidParamSchema.safeParse({ uuid });
    if (!parsedUuid.success) throw notFound();
    const body = parseInput(unsubscribeReasonRequestSchema, { reason: reasonArgument(reason) });
    const answer = await this.unsubscribe.answer(caller(request, user), parsedUuid.data.uuid, body.reason);
    return model(answer.unsubscription, answer.keepInView);
  }

  @Mutation(() => UnsubscriptionModel)
  async unsubscribeManual(
    @Args('email') email: string,
    @Args('name') name: string,
    @Args('phone') phone: string,
    @GqlRequest() request: FastifyRequest,
    @Args('orderno', { nullable: true, type: () => String }) orderno?: string | null,
    @Args('message', { nullable: true, type: () => String }) message?: string | null,
    @GqlOptionalUser() user?: AuthUser,
  ): Promise<UnsubscriptionModel> {
    const input = parseInput(manualUnsubscribeRequestSchema, { email, name, phone, ...(orderno ? { orderno } : {}), ...(message ? { message } : {}) });
    return model((await this.unsubscribe.manual(caller(request, user), input)).unsubscription);
  }
}

function caller(request: FastifyRequest, user: AuthUser | undefined): Caller {
  const { ip, language } = requestContext(request);
  return { user, ip, language };
}
