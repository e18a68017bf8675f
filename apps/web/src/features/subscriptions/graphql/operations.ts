import { gql, type TypedDocumentNode } from '@apollo/client';

// The GraphQL operations of spec section 7 (apps/api/src/schema.gql).

export interface PaymentProvider {
  id: string;
  provider: string;
  publicKey: string;
}

export const PAYMENT_PROVIDER: TypedDocumentNode<{ provider: PaymentProvider | null }, Record<string, never>> = gql`
  query PaymentProvider {
    provider(providerType: CREDIT_CARD) {
      id
      provider
      publicKey
    }
  }
`;

export interface SubscriptionMetaInput {
  firstName: string;
  email: string;
  address?: string;
  zipcode?: string;
  city?: string;
  country?: string;
  phone?: string;
  terms: boolean;
}

export const CREATE_SUBSCRIPTION: TypedDocumentNode<
  { createSubscription: { id: string; meta: { paymentInfo: string | null } } },
  { input: { providerId?: string; planId: string; meta: SubscriptionMetaInput } }
> = gql`
  mutation CreateSubscription($input: CreateSubscriptionInput!) {
    createSubscription(input: $input) {
      id
      meta {
        paymentInfo
      }
    }
  }
`;

type IdResult<K extends string> = { [key in K]: { id: string } };

/** `terms`: the seeker ticked the terms box; the API requires it when an ended subscription is charged now. */
export const REACTIVATE_SUBSCRIPTION: TypedDocumentNode<IdResult<'reactivateSubscription'>, { id: string; terms?: boolean }> = gql`
  mutation ReactivateSubscription($id: ID!, $terms: Boolean) {
    reactivateSubscription(id: $id, terms: $terms) {
      id
    }
  }
`;

export const CANCEL_SUBSCRIPTION: TypedDocumentNode<IdResult<'cancelSubscription'>, { id: string }> = gql`
  mutation CancelSubscription($id: ID!) {
    cancelSubscription(id: $id) {
      id
    }
  }
`;

export const CHANGE_PLAN: TypedDocumentNode<IdResult<'changePlan'>, { subscription: string; plan: string }> = gql`
  mutation ChangePlan($subscription: ID!, $plan: String!) {
    changePlan(subscription: $subscription, plan: $plan) {
      id
    }
  }
`;
