import { Router } from 'express';
import { z } from 'zod';
import { ChangePaidSeats } from '../../../../core/billing/change-paid-seats.use-case';
import { ChangeSeatQuantity } from '../../../../core/billing/change-seat-quantity.use-case';
import { RecordProviderEnd } from '../../../../core/billing/record-provider-end';
import { PayPausedInvoice } from '../../../../core/billing/pay-paused-invoice.use-case';
import { ResumePaidSubscription } from '../../../../core/billing/resume-paid-subscription.use-case';
import { SetAutoRenew } from '../../../../core/billing/set-auto-renew.use-case';
import { SetPaidAutoRenew } from '../../../../core/billing/set-paid-auto-renew.use-case';
import { SyncPaidSubscription } from '../../../../core/billing/sync-paid-subscription.use-case';
import type { ProrationPreview } from '../../../../core/billing/payment-gateway.port';
import { subscriptionView } from '../slack-api/views';
import { parseBody, parseQuery } from '../settings/validation';
import type { BillingHttpDeps } from './billing-deps';
import { returnPath } from './billing-form-errors';
import { billingEndpoint, sendBillingError } from './billing-http';

const quantity = z.coerce
  .number({ message: 'SEATS.INVALID_QUANTITY' })
  .int('SEATS.INVALID_QUANTITY')
  .min(1, 'SEATS.INVALID_QUANTITY')
  .max(100_000, 'SEATS.INVALID_QUANTITY');
const previewQuery = z.object({ quantity });
const seatsBody = z.object({ quantity, prorationDate: z.iso.datetime().optional() });
const autoRenewBody = z.object({ autoRenew: z.boolean() });

const invoiceView = (invoice: ProrationPreview | null) =>
  invoice && {
    prorationAmountCents: invoice.prorationAmountCents,
    nextInvoiceTotalCents: invoice.nextInvoiceTotalCents,
    nextInvoiceDiscountCents: invoice.nextInvoiceDiscountCents,
    currency: invoice.currency,
    nextBillingDate: invoice.nextBillingDate.toISOString(),
  };

/**
 * Changes to a paid subscription from the Subscription settings page (admins only): the seat
 * count with Stripe's proration preview first, the auto-renew toggle, and resuming a paused plan. Stripe is changed
 * first; the rows follow in the same request (and again when its webhook arrives).
 */
export function subscriptionChangeRoutes(deps: BillingHttpDeps): Router {
  const router = Router();
  const changeSeatQuantity = new ChangeSeatQuantity({ subscriptions: deps.subscriptions, seats: deps.seats, clock: deps.clock });
  const setAutoRenew = new SetAutoRenew({ subscriptions: deps.subscriptions, clock: deps.clock });
  const syncPaidSubscription = new SyncPaidSubscription({ subscriptions: deps.subscriptions, seats: deps.seats, clock: deps.clock, ids: deps.ids });
  const recordProviderEnd = new RecordProviderEnd({ subscriptions: deps.subscriptions, syncPaidSubscription, clock: deps.clock });
  const paidSeats = (gateway: NonNullable<BillingHttpDeps['gateway']>) =>
    new ChangePaidSeats({ gateway, changeSeatQuantity, subscriptions: deps.subscriptions, recordProviderEnd, clock: deps.clock });

  router.get(
    '/api/billing/subscriptions/:subscriptionId/seats/preview',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const query = parseQuery(previewQuery, req, res);
      if (!query) return;
      const outcome = await paidSeats(gateway).preview({
        teamId: caller.teamId,
        actor: caller,
        subscriptionId: String(req.params.subscriptionId),
        quantity: query.quantity,
      });
      if (!outcome.ok) {
        sendBillingError(req, res, outcome.error);
        return;
      }
      const { proration, invoice, prorationDate, ...seats } = outcome.value;
      res.json({
        ...seats,
        estimate: proration && { ...proration, settledOn: proration.settledOn.toISOString() },
        invoice: invoiceView(invoice),
        // Send back when confirming: the charge then equals this preview.
        prorationDate: prorationDate.toISOString(),
      });
    }),
  );

  router.post(
    '/api/billing/subscriptions/:subscriptionId/seats',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const body = parseBody(seatsBody, req, res);
      if (!body) return;
      const outcome = await paidSeats(gateway).execute({
        teamId: caller.teamId,
        actor: caller,
        subscriptionId: String(req.params.subscriptionId),
        quantity: body.quantity,
        ...(body.prorationDate ? { prorationDate: new Date(body.prorationDate) } : {}),
      });
      if (!outcome.ok) {
        sendBillingError(req, res, outcome.error);
        return;
      }
      res.json({
        subscription: subscriptionView(outcome.value.subscription, deps.clock.now()),
        unassignedMemberIds: outcome.value.unassignedMemberIds,
      });
    }),
  );

  router.post(
    '/api/billing/subscriptions/:subscriptionId/auto-renew',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const body = parseBody(autoRenewBody, req, res);
      if (!body) return;
      const outcome = await new SetPaidAutoRenew({ gateway, setAutoRenew, recordProviderEnd }).execute({
        teamId: caller.teamId,
        actor: caller,
        subscriptionId: String(req.params.subscriptionId),
        autoRenew: body.autoRenew,
      });
      if (outcome.ok) res.json({ subscription: subscriptionView(outcome.value, deps.clock.now()) });
      else sendBillingError(req, res, outcome.error);
    }),
  );

  // A plan paused after a failed renewal, suspended (Stripe's unpaid) or past due: the Subscription
  // page's form post goes on to Stripe's hosted page of the invoice left unpaid (303; JSON callers
  // get its url). Already paid (the webhook not applied yet): the plan is re-read (a paused one
  // resumed on its billing cycle) and the form returns to its page.
  router.post(
    '/api/billing/subscriptions/:subscriptionId/pay-invoice',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const outcome = await new PayPausedInvoice({ gateway, subscriptions: deps.subscriptions, syncPaidSubscription }).execute({
        teamId: caller.teamId,
        actor: caller,
        subscriptionId: String(req.params.subscriptionId),
      });
      if (!outcome.ok) {
        sendBillingError(req, res, outcome.error);
        return;
      }
      const result = outcome.value;
      if (!req.is('application/json')) {
        res.redirect(303, result.kind === 'pay' ? result.url : returnPath(req));
      } else if (result.kind === 'pay') {
        res.json({ url: result.url, amountDueCents: result.amountDueCents, currency: result.currency });
      } else {
        res.json({ subscription: subscriptionView(result.subscription, deps.clock.now()) });
      }
    }),
  );

  // A paused plan (a trial ended without a payment method, once one is added; a pause on request):
  // a new period from today. After a failed renewal, only once its invoice is no longer open.
  router.post(
    '/api/billing/subscriptions/:subscriptionId/resume',
    billingEndpoint(deps, async (req, res, { gateway, caller }) => {
      const outcome = await new ResumePaidSubscription({ gateway, subscriptions: deps.subscriptions, syncPaidSubscription }).execute({
        teamId: caller.teamId,
        actor: caller,
        subscriptionId: String(req.params.subscriptionId),
      });
      if (outcome.ok) res.json({ subscription: subscriptionView(outcome.value, deps.clock.now()) });
      else sendBillingError(req, res, outcome.error);
    }),
  );
  return router;
}
