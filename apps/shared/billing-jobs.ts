import type { BillingWebhookEvent, HandledWebhookType } from '../../core/billing/payment-gateway.port';
import { HANDLED_WEBHOOK_TYPES } from '../../core/billing/payment-gateway.port';
import type { JobPayload } from '../../core/shared/job-queue.port';

type HandledEvent = Exclude<BillingWebhookEvent, { type: 'ignored' }>;

/** A verified webhook event as a job: ids, type and time only (the state is re-read from Stripe). */
export function webhookJobPayload(event: HandledEvent): JobPayload {
  return {
    eventId: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    customerId: event.customerId,
    subscriptionId: event.subscriptionId,
    teamId: event.teamId,
  };
}

export function webhookEventFromJob(payload: JobPayload): HandledEvent | null {
  const { eventId, type, createdAt } = payload;
  if (typeof eventId !== 'string' || typeof type !== 'string' || typeof createdAt !== 'string') return null;
  if (!(HANDLED_WEBHOOK_TYPES as readonly string[]).includes(type)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: eventId,
    type: type as HandledWebhookType,
    createdAt: new Date(createdAt),
    customerId: text(payload.customerId),
    subscriptionId: text(payload.subscriptionId),
    teamId: text(payload.teamId),
  };
}
