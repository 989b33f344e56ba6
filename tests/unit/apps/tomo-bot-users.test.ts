import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryInstallationRepository } from '../../../adapters/memory/in-memory-installation-repository';
import { TomoBotUsers } from '../../../apps/server/http/slack/tomo-bot-users';
import { Installation } from '../../../core/workspace/installation';

const installed = (botUserId: string) =>
  Installation.install(null, { teamId: 'T1', teamName: 'Acme', botUserId, botId: 'B1', botToken: 'xoxb-1', installedBy: 'U1' }, new Date()).installation.toRecord();

describe('Tomo’s bot user per workspace, for the ack path', () => {
  it('reads the stored installation, reuses it for a minute, and forgets a workspace not installed yet', async () => {
    const installations = new InMemoryInstallationRepository();
    const clock = new FakeClock();
    const botUsers = new TomoBotUsers(installations, clock);

    expect(await botUsers.of('T1')).toBeUndefined();
    await installations.save('T1', installed('UTOMO'));
    expect(await botUsers.of('T1')).toBe('UTOMO');

    await installations.save('T1', installed('UTOMO2'));
    expect(await botUsers.of('T1')).toBe('UTOMO');
    clock.advanceMs(60_001);
    expect(await botUsers.of('T1')).toBe('UTOMO2');
  });
});
