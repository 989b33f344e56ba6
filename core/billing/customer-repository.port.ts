import type { TeamId } from '../shared/ids';
import type { CustomerRecord } from './customer';

export interface CustomerRepository {
  find(teamId: TeamId): Promise<CustomerRecord | null>;
  /** Insert or replace the workspace's customer. `record.teamId` must equal `teamId`. */
  save(teamId: TeamId, record: CustomerRecord): Promise<void>;
  /**
   * The one lookup not scoped by team: a payment webhook names only the provider's customer
   * id, and this answers which workspace it belongs to (or null).
   */
  findTeamIdByExternalCustomerId(externalCustomerId: string): Promise<TeamId | null>;
}
