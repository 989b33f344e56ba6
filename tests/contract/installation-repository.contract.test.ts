import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../adapters/crypto/secret-box';
import { InMemoryInstallationRepository } from '../../adapters/memory/in-memory-installation-repository';
import { PgInstallationRepository } from '../../adapters/postgres/pg-installation-repository';
import type { InstallationRepository } from '../../core/workspace/installation-repository.port';
import { implementations } from './support/implementations';
import { anInstallation, at, TEAM_A, TEAM_B } from './support/records';

const secrets = AesGcmSecretBox.fromEnv(randomBytes(32).toString('base64'));

describe.each(
  implementations<InstallationRepository>({
    memory: () => new InMemoryInstallationRepository(),
    postgres: (orm) => new PgInstallationRepository(orm, secrets),
  }),
)('InstallationRepository ($name)', ({ create }) => {
  let installations: InstallationRepository;
  beforeEach(async () => {
    installations = await create();
  });

  it('gives back the installation with its bot token', async () => {
    expect(await installations.find(TEAM_A)).toBeNull();
    await installations.save(TEAM_A, anInstallation());
    expect(await installations.find(TEAM_A)).toEqual(anInstallation());
  });

  it('keeps an uninstalled workspace (token forgotten) so a re-install is recognised', async () => {
    await installations.save(TEAM_A, anInstallation());
    await installations.save(TEAM_A, anInstallation({ uninstalledAt: at(10), botToken: null }));
    expect(await installations.find(TEAM_A)).toEqual(anInstallation({ uninstalledAt: at(10), botToken: null }));
    const reinstalled = anInstallation({ installedAt: at(20), installCount: 2, botToken: 'xoxb-new' });
    await installations.save(TEAM_A, reinstalled);
    expect(await installations.find(TEAM_A)).toEqual(reinstalled);
  });

  it('lists only the workspaces currently installed', async () => {
    await installations.save(TEAM_A, anInstallation());
    await installations.save(TEAM_B, anInstallation({ teamId: TEAM_B, uninstalledAt: at(5), botToken: null }));
    await installations.save('T0000000C', anInstallation({ teamId: 'T0000000C' }));
    expect((await installations.listInstalledTeamIds()).sort()).toEqual([TEAM_A, 'T0000000C']);
  });

  it('keeps teams apart: team B neither reads nor overwrites team A', async () => {
    await installations.save(TEAM_A, anInstallation());
    expect(await installations.find(TEAM_B)).toBeNull();
    await expect(installations.save(TEAM_B, anInstallation({ botToken: 'xoxb-stolen' }))).rejects.toThrow(/team/);
    expect(await installations.find(TEAM_A)).toEqual(anInstallation());
  });
});
