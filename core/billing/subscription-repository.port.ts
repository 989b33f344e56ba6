import type { SubscriptionId, TeamId } from '../shared/ids';
import type { SubscriptionRecord } from './subscription';

/** Table `subscriptions`. Every method is scoped by the workspace's team id. */
export interface SubscriptionRepository {
  findById(teamId: TeamId, id: SubscriptionId): Promise<SubscriptionRecord | null>;
  /** By the payment provider's subscription id. */
  findByExternalId(teamId: TeamId, externalId: string): Promise<SubscriptionRecord | null>;
  /** Every subscription of the workspace (trials, active, ended), oldest first. */
  listByTeam(teamId: TeamId): Promise<SubscriptionRecord[]>;
  /** Insert or replace by id. `record.teamId` must equal `teamId`. */
  save(teamId: TeamId, record: SubscriptionRecord): Promise<void>;
}
