import express, { Router } from 'express';
import { QUEUES } from '../../../shared/queues';
import { webhookJobPayload } from '../../../shared/billing-jobs';
import type { BillingHttpDeps } from './billing-deps';
import { sendBillingError } from './billing-http';

/** Stripe's events are small; anything larger is not a Stripe delivery. */
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * POST /api/stripe/webhook. The signature is checked on the raw body (mounted before any body
 * parser); a verified event is queued by id (deduplicated by event id) and acknowledged at once,
 * and the worker applies it by re-reading the subscription from Stripe; a redelivery of an event
 * whose job gave up runs it again. 400 on a bad signature,
 * 503 when billing is not configured (Stripe retries later), 500 when the queue is unreachable.
 */
export function stripeWebhookRoutes(deps: Pick<BillingHttpDeps, 'gateway' | 'queue' | 'logger'>): Router {
  return Router().post('/api/stripe/webhook', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res, next) => {
    try {
      if (!deps.gateway) {
        sendBillingError(req, res, { code: 'BILLING.NOT_CONFIGURED' });
        return;
      }
      const body: unknown = req.body;
      const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const verification = await deps.gateway.verifyWebhook(raw, req.get('stripe-signature'));
      if (!verification.ok) {
        if (verification.reason === 'not_configured') {
          deps.logger.error('Stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set');
          sendBillingError(req, res, { code: 'BILLING.NOT_CONFIGURED' });
          return;
        }
        deps.logger.warn({ reason: verification.reason }, 'Stripe webhook with a bad signature refused');
        res.status(400).json({ error: { code: 'INVALID_SIGNATURE', message: 'The webhook signature could not be verified.' } });
        return;
      }
      const { event } = verification;
      if (event.type === 'ignored') {
        res.json({ received: true, queued: false });
        return;
      }
      const queued = await deps.queue.send(QUEUES.billingWebhook.name, webhookJobPayload(event), { dedupeKey: event.id });
      // Delivered again (Stripe's retry, or Resend in the Dashboard) after its job gave up, e.g.
      // Stripe's API was down longer than the job's retries: run it again instead of dropping it
      // as a duplicate. A job still pending or already applied is left as it is.
      if (queued === null && (await deps.queue.retryFailed(QUEUES.billingWebhook.name, event.id))) {
        deps.logger.info({ eventId: event.id, type: event.type }, 'Stripe webhook redelivered after its job failed: applying it again');
      }
      res.json({ received: true, queued: true });
    } catch (error) {
      next(error);
    }
  });
}
