import type { AppCustomizationRepository } from '../../core/customization/app-customization-repository.port';
import type { AppCustomizationRecord } from '../../core/customization/app-customization';
import { assertSameTeam, clone } from './clone';

export class InMemoryAppCustomizationRepository implements AppCustomizationRepository {
  private readonly rows = new Map<string, AppCustomizationRecord>();

  async find(teamId: string): Promise<AppCustomizationRecord | null> {
    const row = this.rows.get(teamId);
    return row ? clone(row) : null;
  }

  async save(teamId: string, record: AppCustomizationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(teamId, clone(record));
  }

  async update(
    teamId: string,
    apply: (current: AppCustomizationRecord | null) => AppCustomizationRecord,
  ): Promise<{ previous: AppCustomizationRecord | null; saved: AppCustomizationRecord }> {
    // No await between the read and the write: nothing else runs in between.
    const stored = this.rows.get(teamId);
    const previous = stored ? clone(stored) : null;
    const saved = apply(previous ? clone(previous) : null);
    assertSameTeam(teamId, saved);
    this.rows.set(teamId, clone(saved));
    return { previous, saved: clone(saved) };
  }
}
