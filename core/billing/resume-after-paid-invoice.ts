import type { GatewaySubscription, PaymentGateway } from './payment-gateway.port';

/**
 * A plan the provider paused after a failed renewal payment comes back once the invoice that
 * paused it is paid (Stripe leaves that invoice collectible while paused). The provider may
 * resume it on its own (an account setting); otherwise Tomo resumes it keeping the billing cycle,
 * with nothing prorated or invoiced: the paid invoice covered the period, so it is never charged
 * twice. Anything else (not paused, another reason, the invoice still due) is returned as read.
 * The key is derived from the invoice: a repeat (the same webhook twice, the page and the webhook
 * at once) is one resumption, and a subscription Stripe already resumed is left as it is.
 */
export async function resumeIfPausedInvoicePaid(
  gateway: Pick<PaymentGateway, 'getLatestInvoice' | 'resume'>,
  sub: GatewaySubscription,
): Promise<GatewaySubscription> {
  if (sub.status !== 'paused' || sub.pauseReason !== 'payment_failed') return sub;
  const invoice = await gateway.getLatestInvoice(sub.externalId);
  if (invoice?.status !== 'paid') return sub;
  return gateway.resume({ externalId: sub.externalId, billingCycle: 'keep', idempotencyKey: `resume-paid-invoice:${sub.externalId}:${invoice.id}` });
}
