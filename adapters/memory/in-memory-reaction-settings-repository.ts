import { ok, type Outcome } from '../../core/shared/domain-error';
import type { ReactionSettingsRepository } from '../../core/reactions/reaction-settings-repository.port';
import type { CustomReactionRecord } from '../../core/reactions/reaction';
import { assertSameTeam, clone } from './clone';

export class InMemoryReactionSettingsRepository implements ReactionSettingsRepository {
  private readonly rows = new Map<string, CustomReactionRecord>();

  async list(teamId: string): Promise<CustomReactionRecord[]> {
    return [...this.rows.values()].filter((r) => r.teamId === teamId).map(clone);
  }

  async findById(teamId: string, id: string): Promise<CustomReactionRecord | null> {
    const row = this.rows.get(`${teamId}/${id}`);
    return row ? clone(row) : null;
  }

  async save(teamId: string, record: CustomReactionRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(`${teamId}/${record.id}`, clone(record));
  }

  async saveChecked(
    teamId: string,
    decide: (existing: CustomReactionRecord[]) => Outcome<CustomReactionRecord>,
  ): Promise<Outcome<CustomReactionRecord>> {
    // No await between the read and the write: nothing else runs in between.
    const decided = decide([...this.rows.values()].filter((r) => r.teamId === teamId).map(clone));
    if (!decided.ok) return decided;
    assertSameTeam(teamId, decided.value);
    this.rows.set(`${teamId}/${decided.value.id}`, clone(decided.value));
    return ok(clone(decided.value));
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    return this.rows.delete(`${teamId}/${id}`);
  }
}
