import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import type { InstallationRepository } from '../workspace/installation-repository.port';
import type { CustomerRepository } from './customer-repository.port';
import type { BillingWebhookEvent, GatewaySubscription, PaymentGateway } from './payment-gateway.port';
import type { SubscriptionRecord } from './subscription';
import type { SubscriptionRepository } from './subscription-repository.port';
import { resumeIfPausedInvoicePaid } from './resume-after-paid-invoice';
import type { PaidSubscriptionSnapshot, SyncPaidSubscription } from './sync-paid-subscription.use-case';

/**
 * Which payment webhook events were already applied (table of provider event ids). Stripe
 * delivers at least once, so the same event can arrive twice.
 */
export interface ProcessedWebhookEventLog {
  has(eventId: string): Promise<boolean>;
  /** Idempotent: recording an id twice keeps the first record. */
  record(eventId: string, processedAt: Date, details?: ProcessedWebhookEventDetails): Promise<void>;
}

/** What is kept besides the id: the event type and the workspace, never any payload. */
export interface ProcessedWebhookEventDetails {
  readonly type: string;
  readonly teamId: TeamId | null;
}

export type ApplyStripeEventResult =
  | {
      readonly status: 'applied';
      readonly teamId: TeamId;
      readonly subscription: SubscriptionRecord;
      readonly created: boolean;
      readonly unassignedMemberIds: UserId[];
      /** The workspace had uninstalled Tomo: the open subscription was canceled at the provider, as uninstall does. */
      readonly canceledAfterUninstall?: true;
    }
  | { readonly status: 'duplicate' }
  | {
      readonly status: 'ignored';
      readonly reason: 'event_type' | 'no_subscription' | 'unknown_subscription' | 'unknown_workspace' | 'unknown_price' | 'not_paid_yet';
    };

/**
 * Applies a verified payment webhook event to the workspace's subscription rows. The event
 * only says which subscription changed: its state is re-read from the provider, so
 * duplicates and any delivery order end in the same rows (the last read wins, and it is
 * always the provider's current state).
 */
export class ApplyStripeEvent {
  constructor(
    private readonly deps: {
      readonly gateway: Pick<PaymentGateway, 'getSubscription' | 'cancelImmediately' | 'getLatestInvoice' | 'resume'>;
      readonly customers: CustomerRepository;
      readonly installations: Pick<InstallationRepository, 'find'>;
      readonly subscriptions: SubscriptionRepository;
      readonly syncPaidSubscription: SyncPaidSubscription;
      readonly processedEvents: ProcessedWebhookEventLog;
      readonly clock: Clock;
    },
  ) {}

  async execute(event: BillingWebhookEvent): Promise<ApplyStripeEventResult> {
    if (event.type === 'ignored') return { status: 'ignored', reason: 'event_type' };
    if (await this.deps.processedEvents.has(event.id)) return { status: 'duplicate' };
    const result = await this.apply(event);
    // Recorded only once applied: a failure above leaves the event for Stripe's retry.
    await this.deps.processedEvents.record(event.id, this.deps.clock.now(), {
      type: event.type,
      teamId: result.status === 'applied' ? result.teamId : event.teamId,
    });
    return result;
  }

  private async apply(event: Exclude<BillingWebhookEvent, { type: 'ignored' }>): Promise<ApplyStripeEventResult> {
    if (!event.subscriptionId) return { status: 'ignored', reason: 'no_subscription' };
    const current = await this.deps.gateway.getSubscription(event.subscriptionId);
    if (!current) return { status: 'ignored', reason: 'unknown_subscription' };
    const teamId = await this.workspaceOf(current, event.teamId);
    if (!teamId) return { status: 'ignored', reason: 'unknown_workspace' };
    const known = (await this.deps.subscriptions.findByExternalId(teamId, current.externalId)) !== null;
    const snapshot = toPaidSubscriptionSnapshot(current, known);
    if (snapshot === 'unknown_price' || snapshot === 'not_paid_yet') return { status: 'ignored', reason: snapshot };
    if (snapshot.status !== 'canceled' && (await this.uninstalled(teamId))) {
      // A Checkout opened before the uninstall and paid after it (sessions stay open up to 24 h), or
      // anything else open once the uninstall job has run: it ends now, exactly as uninstall ends
      // subscriptions (same provider call and idempotency key, no refund, no final invoice).
      const ended = toPaidSubscriptionSnapshot(await this.deps.gateway.cancelImmediately({ externalId: current.externalId }), true);
      if (typeof ended !== 'string') {
        const synced = await this.deps.syncPaidSubscription.execute(teamId, ended);
        return { status: 'applied', teamId, ...synced, canceledAfterUninstall: true };
      }
    }
    // Paused after a failed renewal and that invoice now paid (`invoice.paid`, or any later event
    // if that one was missed): active again on the same billing cycle, without a second charge.
    // A no-op when Stripe resumed it on its own (the re-read is active) or it is still due.
    const settled = toPaidSubscriptionSnapshot(await resumeIfPausedInvoicePaid(this.deps.gateway, current), true);
    const synced = await this.deps.syncPaidSubscription.execute(teamId, typeof settled === 'string' ? snapshot : settled);
    return { status: 'applied', teamId, ...synced };
  }

  /** Uninstalled and not installed again since (a workspace never installed is left alone). */
  private async uninstalled(teamId: TeamId): Promise<boolean> {
    const installation = await this.deps.installations.find(teamId);
    return installation !== null && installation.uninstalledAt !== null;
  }

  /**
   * The customers table decides; the team id Tomo wrote at checkout is the fallback, for a
   * workspace installed here only. A Stripe account's webhooks reach every endpoint of the
   * account, so another deployment's customers (staging on the same account) arrive too.
   */
  private async workspaceOf(current: GatewaySubscription, fromEvent: TeamId | null): Promise<TeamId | null> {
    const byCustomer = await this.deps.customers.findTeamIdByExternalCustomerId(current.customerId);
    if (byCustomer) return byCustomer;
    const teamId = current.teamId ?? fromEvent;
    if (!teamId || !(await this.deps.installations.find(teamId))) return null;
    if (!(await this.deps.customers.find(teamId))) {
      await this.deps.customers.save(teamId, { teamId, externalCustomerId: current.customerId, email: null, createdAt: this.deps.clock.now() });
    }
    return teamId;
  }
}

/**
 * The provider's statuses in core terms: trialing/active are active; past_due keeps answering
 * while payment is retried; unpaid (Stripe exhausted its retries and stopped collecting, the
 * invoice stays open) and a status this version does not know are suspended: no answers, but
 * paying brings the plan back; paused (a trial ended without a payment method) is its own state:
 * no answers, nothing billed, resuming brings it back; canceled and expired grant nothing.
 * An incomplete subscription (first payment not through) is not created until it is paid, and
 * one that expired that way (incomplete_expired) was never paid: unknown, it creates nothing,
 * nor does an unknown one in a status Tomo does not know.
 */
export function toPaidSubscriptionSnapshot(
  sub: GatewaySubscription,
  alreadyKnown: boolean,
): PaidSubscriptionSnapshot | 'unknown_price' | 'not_paid_yet' {
  if (!sub.planKey || !sub.billingMode || !sub.interval) return 'unknown_price';
  if ((sub.status === 'incomplete' || sub.status === 'incomplete_expired' || sub.status === 'unknown') && !alreadyKnown) return 'not_paid_yet';
  const status: PaidSubscriptionSnapshot['status'] =
    sub.status === 'active' || sub.status === 'trialing'
      ? 'active'
      : sub.status === 'past_due' || sub.status === 'incomplete'
        ? 'past_due'
        : sub.status === 'unpaid' || sub.status === 'unknown'
          ? 'suspended'
          : sub.status === 'paused'
            ? 'paused'
            : 'canceled';
  return {
    externalId: sub.externalId,
    planKey: sub.planKey,
    interval: sub.interval,
    billingMode: sub.billingMode,
    quantity: sub.quantity,
    status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: status === 'canceled' ? sub.endedAt : null,
    pauseReason: status === 'paused' ? sub.pauseReason : null,
  };
}
