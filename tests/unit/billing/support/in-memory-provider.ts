// A payment provider kept in memory for core billing rules: state that tests read, no wire.
// (Adapters are tested against the Stripe HTTP fake in tests/integration and tests/contract.)
import type {
  CheckoutInput,
  GatewayInvoice,
  GatewaySubscription,
  MeterEvent,
  MeterEventReport,
  PaymentGateway,
  ProrationPreview,
  RedirectSession,
  ResumeInput,
} from '../../../../core/billing/payment-gateway.port';
import { SubscriptionEndedAtProvider } from '../../../../core/billing/payment-gateway.port';
import type { TeamId } from '../../../../core/shared/ids';

type ProviderPart = Pick<
  PaymentGateway,
  | 'ensureCustomer'
  | 'createCheckoutSession'
  | 'createSetupSession'
  | 'createPortalSession'
  | 'getSubscription'
  | 'listOpenSubscriptions'
  | 'updateSeatQuantity'
  | 'previewProration'
  | 'setCancelAtPeriodEnd'
  | 'cancelImmediately'
  | 'reportMeterEvents'
  | 'resume'
  | 'getLatestInvoice'
>;

export class InMemoryProvider implements ProviderPart {
  readonly customers = new Map<string, { teamId: TeamId; name: string | null }>();
  readonly subscriptions = new Map<string, GatewaySubscription>();
  readonly checkouts: CheckoutInput[] = [];
  readonly setups: { teamId: TeamId; customerId: string }[] = [];
  readonly portals: { customerId: string; returnUrl?: string }[] = [];
  readonly meterEvents = new Map<string, MeterEvent>();
  /** Identifiers the provider refuses for good / cannot take right now. */
  readonly refuse = new Set<string>();
  unreachableFor = 0;
  /** Each subscription's latest invoice, as a test sets it. */
  readonly latestInvoices = new Map<string, GatewayInvoice>();
  readonly resumes: ResumeInput[] = [];
  private next = 0;

  constructor(private readonly now: () => Date) {}

  async ensureCustomer(input: { teamId: TeamId; teamName?: string | null; knownCustomerId?: string | null }) {
    if (input.knownCustomerId && this.customers.has(input.knownCustomerId)) return { customerId: input.knownCustomerId, created: false };
    const customerId = `cus_${++this.next}`;
    this.customers.set(customerId, { teamId: input.teamId, name: input.teamName ?? null });
    return { customerId, created: true };
  }

  async createCheckoutSession(input: CheckoutInput): Promise<RedirectSession> {
    this.checkouts.push(input);
    return { id: `cs_${++this.next}`, url: `https://pay.example/cs_${this.next}` };
  }

  async createSetupSession(input: { teamId: TeamId; customerId: string }): Promise<RedirectSession> {
    this.setups.push(input);
    return { id: `seti_${++this.next}`, url: `https://pay.example/setup/${this.next}` };
  }

  async createPortalSession(input: { customerId: string; returnUrl?: string }): Promise<RedirectSession> {
    this.portals.push(input);
    return { id: `bps_${++this.next}`, url: `https://pay.example/portal/${input.customerId}` };
  }

  async getSubscription(externalId: string) {
    return this.subscriptions.get(externalId) ?? null;
  }

  async listOpenSubscriptions(customerId: string) {
    return [...this.subscriptions.values()].filter((s) => s.customerId === customerId && s.status !== 'canceled');
  }

  async updateSeatQuantity(input: { externalId: string; quantity: number }) {
    this.reachable();
    this.requireOpen(input.externalId);
    return this.change(input.externalId, { quantity: input.quantity });
  }

  async previewProration(input: { externalId: string; quantity: number; prorationDate: Date }): Promise<ProrationPreview> {
    const sub = this.requireOpen(input.externalId);
    const amount = (input.quantity - sub.quantity) * 1000;
    return { prorationAmountCents: amount, nextInvoiceTotalCents: input.quantity * 2000 + amount, nextInvoiceDiscountCents: 0, currency: 'usd', nextBillingDate: sub.currentPeriodEnd, prorationDate: input.prorationDate };
  }

  async setCancelAtPeriodEnd(input: { externalId: string; cancelAtPeriodEnd: boolean }) {
    this.reachable();
    this.requireOpen(input.externalId);
    return this.change(input.externalId, { cancelAtPeriodEnd: input.cancelAtPeriodEnd });
  }

  async getLatestInvoice(externalId: string) {
    return this.latestInvoices.get(externalId) ?? null;
  }

  async resume(input: ResumeInput) {
    this.reachable();
    const sub = this.require(input.externalId);
    if (sub.status !== 'paused') return sub;
    this.resumes.push(input);
    if (input.billingCycle === 'keep') return this.change(input.externalId, { status: 'active', pauseReason: null });
    const start = this.now();
    return this.change(input.externalId, { status: 'active', currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000) });
  }

  async cancelImmediately(input: { externalId: string }) {
    this.reachable();
    const sub = this.require(input.externalId);
    if (sub.status === 'canceled') return sub;
    return this.change(input.externalId, { status: 'canceled', endedAt: this.now() });
  }

  async reportMeterEvents(events: readonly MeterEvent[]): Promise<MeterEventReport> {
    const accepted: string[] = [];
    const failed: { identifier: string; reason: string; retryable: boolean }[] = [];
    for (const event of events) {
      if (this.unreachableFor > 0) {
        this.unreachableFor -= 1;
        failed.push({ identifier: event.identifier, reason: 'api_error (500)', retryable: true });
      } else if (this.refuse.has(event.identifier)) {
        failed.push({ identifier: event.identifier, reason: 'invalid_request_error (400)', retryable: false });
      } else {
        if (!this.meterEvents.has(event.identifier)) this.meterEvents.set(event.identifier, event);
        accepted.push(event.identifier);
      }
    }
    return { accepted, failed };
  }

  /** A customer paid a checkout: the provider's new subscription. */
  add(sub: Partial<GatewaySubscription> & { externalId: string; customerId: string }): GatewaySubscription {
    const full: GatewaySubscription = {
      pauseReason: null,
      teamId: null,
      planKey: 'gpt50',
      interval: 'monthly',
      billingMode: 'fixed_rate',
      quantity: 3,
      status: 'active',
      currentPeriodStart: new Date('2025-04-01T00:00:00Z'),
      currentPeriodEnd: new Date('2025-05-01T00:00:00Z'),
      cancelAtPeriodEnd: false,
      endedAt: null,
      ...sub,
    };
    this.subscriptions.set(full.externalId, full);
    return full;
  }

  private reachable(): void {
    if (this.unreachableFor > 0) {
      this.unreachableFor -= 1;
      throw new Error('payment provider unreachable');
    }
  }

  private require(externalId: string): GatewaySubscription {
    const sub = this.subscriptions.get(externalId);
    if (!sub) throw new Error(`no subscription ${externalId}`);
    return sub;
  }

  /** As the port says: an ended (or vanished) subscription cannot be changed any more. */
  private requireOpen(externalId: string): GatewaySubscription {
    const sub = this.subscriptions.get(externalId);
    if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new SubscriptionEndedAtProvider(externalId, sub ?? null);
    return sub;
  }

  private change(externalId: string, patch: Partial<GatewaySubscription>): GatewaySubscription {
    const next = { ...this.require(externalId), ...patch };
    this.subscriptions.set(externalId, next);
    return next;
  }
}
