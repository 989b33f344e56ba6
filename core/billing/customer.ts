import type { TeamId } from '../shared/ids';

/** One payment-provider customer per workspace (table `customers`). */
export interface CustomerRecord {
  readonly teamId: TeamId;
  readonly externalCustomerId: string;
  readonly email: string | null;
  readonly createdAt: Date;
}
