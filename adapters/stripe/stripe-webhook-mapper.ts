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

/** The parts of a thin event notification (`object: 'v2.core.event'`) Tomo reads. */
export interface ThinEventNotification {
  readonly id: string;
  readonly type: string;
  readonly created: string | number;
  readonly related_object?: { readonly id?: string; readonly type?: string } | null;
}

/**
 * A thin event carries no object, only the related object's id: exactly what Tomo needs, as it
 * re-reads the subscription anyway. The thin version of a v1 event is named `v1.<type>`. Only the
 * subscription ones are applied (every state change of a subscription has one); the rest, thin
 * invoice and checkout events included, are acknowledged and ignored.
 */
export function thinToBillingWebhookEvent(notification: ThinEventNotification): BillingWebhookEvent {
  const createdAt = typeof notification.created === 'number' ? new Date(notification.created * 1000) : new Date(notification.created);
  const type = notification.type.startsWith('v1.') ? notification.type.slice(3) : notification.type;
  const related = notification.related_object;
  if (!isHandled(type) || related?.type !== 'subscription' || !related.id) {
    return { id: notification.id, type: 'ignored', originalType: notification.type, createdAt };
  }
  return { id: notification.id, type, createdAt, customerId: null, subscriptionId: related.id, teamId: null };
}

/** Whether a delivery is a thin event notification rather than a snapshot event. */
export function isThinPayload(rawBody: string | Uint8Array): boolean {
  try {
    const parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8')) as { object?: unknown } | null;
    return parsed?.object === 'v2.core.event';
  } catch {
    return false;
  }
}
