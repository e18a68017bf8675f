import { Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';

// The GraphQL contract of spec section 7 (code first; apps/api/src/schema.gql is generated from it).

export enum ProviderType {
  CREDIT_CARD = 'CREDIT_CARD',
}
registerEnumType(ProviderType, { name: 'ProviderType' });

@ObjectType('PaymentProvider')
export class PaymentProviderModel {
  @Field(() => ID) id!: string;
  /** "stripe", or "test" for the built-in test provider (the UI says "test payments"). */
  @Field() provider!: string;
  @Field() publicKey!: string;
}

@InputType()
export class SubscriptionMetaInput {
  @Field() firstName!: string;
  @Field() email!: string;
  @Field({ nullable: true }) address?: string;
  @Field({ nullable: true }) zipcode?: string;
  @Field({ nullable: true }) city?: string;
  @Field({ nullable: true, description: 'Hidden in the form; always Danmark.' }) country?: string;
  @Field({ nullable: true }) phone?: string;
  @Field({ description: 'The subscription and payment terms were accepted.' }) terms!: boolean;
}

@InputType()
export class CreateSubscriptionInput {
  @Field(() => ID, { nullable: true }) providerId?: string;
  @Field() planId!: string;
  @Field(() => SubscriptionMetaInput) meta!: SubscriptionMetaInput;
}

@ObjectType()
export class SubscriptionMeta {
  @Field({ nullable: true, description: 'The client secret the payment element confirms.' }) paymentInfo?: string;
}

@ObjectType('SubscriptionResult', { description: 'Named so: "Subscription" is the root type name of GraphQL subscriptions.' })
export class SubscriptionModel {
  @Field(() => ID) id!: string;
  @Field(() => SubscriptionMeta) meta!: SubscriptionMeta;
}
