import type { Request, Response } from 'express';
import type { Logger } from '../../../../adapters/logging/logger';
import type { CustomerRepository } from '../../../../core/billing/customer-repository.port';
import type { PaymentGateway } from '../../../../core/billing/payment-gateway.port';
import type { SubscriptionRepository } from '../../../../core/billing/subscription-repository.port';
import type { SeatAssignmentRepository } from '../../../../core/seats/seat-assignment-repository.port';
import type { Clock } from '../../../../core/shared/clock.port';
import type { IdGenerator } from '../../../../core/shared/id-generator.port';
import type { TeamId, UserId } from '../../../../core/shared/ids';
import type { JobQueue } from '../../../../core/shared/job-queue.port';
import type { InstallationRepository } from '../../../../core/workspace/installation-repository.port';
import type { UserRepository } from '../../../../core/workspace/user-repository.port';

/** Who is asking: the signed-in session's team and user, and whether they are a workspace admin. */
export interface BillingCaller {
  readonly teamId: TeamId;
  readonly userId: UserId;
  readonly isAdmin: boolean;
}

/** undefined without a session. The team id comes from the session and nowhere else. */
export type BillingCallerResolver = (req: Request, res: Response) => Promise<BillingCaller | undefined>;

export interface BillingHttpDeps {
  /** null when STRIPE_SECRET_KEY is unset: every billing endpoint answers 503 BILLING.NOT_CONFIGURED. */
  gateway: PaymentGateway | null;
  /** Whether a thrown error came from the payment provider (answered 502, nothing changed). */
  isProviderError(error: unknown): boolean;
  resolveCaller: BillingCallerResolver;
  customers: CustomerRepository;
  subscriptions: SubscriptionRepository;
  seats: SeatAssignmentRepository;
  installations: InstallationRepository;
  users: UserRepository;
  queue: JobQueue;
  clock: Clock;
  /** New row ids (a subscription the provider's answer names that has no row yet). */
  ids: IdGenerator;
  logger: Logger;
  publicUrl: string;
}
