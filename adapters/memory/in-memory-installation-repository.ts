import type { InstallationRepository } from '../../core/workspace/installation-repository.port';
import type { InstallationRecord } from '../../core/workspace/installation';
import { assertSameTeam, clone } from './clone';

export class InMemoryInstallationRepository implements InstallationRepository {
  private readonly rows = new Map<string, InstallationRecord>();

  async find(teamId: string): Promise<InstallationRecord | null> {
    const row = this.rows.get(teamId);
    return row ? clone(row) : null;
  }

  async save(teamId: string, record: InstallationRecord): Promise<void> {
    assertSameTeam(teamId, record);
    this.rows.set(teamId, clone(record));
  }

  async listInstalledTeamIds(): Promise<string[]> {
    return [...this.rows.values()].filter((r) => r.uninstalledAt === null).map((r) => r.teamId);
  }
}
