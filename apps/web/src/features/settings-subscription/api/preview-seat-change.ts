import { apiFetch } from '../../../lib/settings/api-client';

/** Stripe's own invoice preview of a seat change (fixed-rate plans); amounts in the currency's minor unit. */
export interface InvoicePreview {
  /** Signed: positive is charged on the next invoice, negative credited. */
  prorationAmountCents: number;
  /** After discounts. */
  nextInvoiceTotalCents: number;
  /** What the workspace's discounts (coupons, promotion codes) take off the next invoice. */
  nextInvoiceDiscountCents: number;
  currency: string;
  nextBillingDate: string;
}

export interface SeatChangePreview {
  oldQuantity: number;
  newQuantity: number;
  /** Members (and bots) who lose their seat, most recently assigned first. */
  unassignedMemberIds: string[];
  /** null for pay-as-you-go, whose seats cost nothing. */
  invoice: InvoicePreview | null;
  /** Sent back when confirming, so the charge equals this preview. */
  prorationDate: string;
}

/** GET /api/billing/subscriptions/:id/seats/preview?quantity= (admins; nothing changes). */
export const previewSeatChange = (subscriptionId: string, quantity: number) =>
  apiFetch<SeatChangePreview>(
    `/api/billing/subscriptions/${encodeURIComponent(subscriptionId)}/seats/preview?quantity=${quantity}`,
  );
