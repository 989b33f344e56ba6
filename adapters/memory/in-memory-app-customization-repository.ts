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
}
