import type { GatewayInvoice, GatewaySubscription, PaymentGateway } from './payment-gateway.port';

/**
 * Resumes a plan whose renewal invoice, the one that paused it, was paid: the billing cycle stays
 * and nothing is prorated or invoiced (that invoice covered the period), so it is never charged
 * twice. The key is derived from the invoice: a repeat (the same webhook twice, the page and the
 * webhook at once) is one resumption.
 */
export function resumeAfterPaidInvoice(gateway: Pick<PaymentGateway, 'resume'>, externalId: string, invoiceId: string): Promise<GatewaySubscription> {
  return gateway.resume({ externalId, billingCycle: 'keep', idempotencyKey: `resume-paid-invoice:${externalId}:${invoiceId}` });
}

/**
 * A plan the provider paused after a failed renewal payment comes back once the invoice that
 * paused it is paid (Stripe leaves that invoice collectible while paused). The provider may
 * resume it on its own (an account setting); otherwise Tomo resumes it (`resumeAfterPaidInvoice`).
 * Anything else (not paused, another reason, the invoice still due) is returned as read.
 * `latest`: the subscription's latest invoice when the caller has just read it.
 */
export async function resumeIfPausedInvoicePaid(
  gateway: Pick<PaymentGateway, 'getLatestInvoice' | 'resume'>,
  sub: GatewaySubscription,
  latest?: GatewayInvoice | null,
): Promise<GatewaySubscription> {
  if (sub.status !== 'paused' || sub.pauseReason !== 'payment_failed') return sub;
  const invoice = latest === undefined ? await gateway.getLatestInvoice(sub.externalId) : latest;
  if (invoice?.status !== 'paid') return sub;
  return resumeAfterPaidInvoice(gateway, sub.externalId, invoice.id);
}
