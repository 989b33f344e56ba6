import type Stripe from 'stripe';
import {
  HANDLED_WEBHOOK_TYPES,
  type BillingWebhookEvent,
  type HandledWebhookType,
} from '../../core/billing/payment-gateway.port';
import { idOf, META } from './stripe-subscription-mapper';

type Ref = string | { id: string } | null | undefined;

interface LooseObject {
  id?: string;
  object?: string;
  customer?: Ref;
  subscription?: Ref;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  parent?: { subscription_details?: { subscription?: Ref; metadata?: Record<string, string> | null } | null } | null;
}

function isHandled(type: string): type is HandledWebhookType {
  return (HANDLED_WEBHOOK_TYPES as readonly string[]).includes(type);
}

/** Reduces a verified Stripe event to the ids billing needs; the state is re-read from Stripe. */
export function toBillingWebhookEvent(event: Stripe.Event): BillingWebhookEvent {
  const createdAt = new Date(event.created * 1000);
  if (!isHandled(event.type)) return { id: event.id, type: 'ignored', originalType: event.type, createdAt };
  const object = event.data.object as unknown as LooseObject;
  const base = { id: event.id, type: event.type, createdAt, customerId: idOf(object.customer) };
  switch (object.object) {
    case 'checkout.session':
      return {
        ...base,
        subscriptionId: idOf(object.subscription),
        teamId: object.client_reference_id ?? object.metadata?.[META.teamId] ?? null,
      };
    case 'subscription':
      return { ...base, subscriptionId: object.id ?? null, teamId: object.metadata?.[META.teamId] ?? null };
    case 'invoice': {
      // Since API version 2025-03-31 the subscription sits under `parent`; endpoints pinned to an
      // older version still send the top-level `subscription`.
      const details = object.parent?.subscription_details;
      return {
        ...base,
        subscriptionId: idOf(details?.subscription) ?? idOf(object.subscription),
        teamId: details?.metadata?.[META.teamId] ?? null,
      };
    }
    default:
      return { id: event.id, type: 'ignored', originalType: event.type, createdAt };
  }
}
