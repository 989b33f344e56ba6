import { describe, expect, it } from 'vitest';
import { Subscription } from '../../../core/billing/subscription';
import { InstallWorkspace } from '../../../core/workspace/install-workspace.use-case';
import type { InstallInput } from '../../../core/workspace/installation';
import { UninstallWorkspace } from '../../../core/workspace/uninstall-workspace.use-case';
import { aSubscription, OTHER_TEAM, TEAM, TOMO_BOT_ID, TOMO_BOT_USER } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

const install: InstallInput = {
  teamId: TEAM,
  teamName: 'Acme',
  botUserId: TOMO_BOT_USER,
  botId: TOMO_BOT_ID,
  botToken: 'xoxb-1',
  installedBy: 'UINSTALLER',
};

describe('installing Tomo starts a free trial (spec 1, 4, 9)', () => {
  it('the first install gets a 14-day trial with no card; after it the trial is over', async () => {
    const w = aWorkspaceFixture('2025-03-01T10:00:00Z');
    const result = await new InstallWorkspace(w).execute(install);
    expect(result.trialGrant).toEqual({ days: 14, reason: 'first_install' });
    expect(result.trial).toMatchObject({ kind: 'trial', status: 'trialing', externalId: null });
    expect(result.trial?.currentPeriodEnd).toEqual(new Date('2025-03-15T10:00:00Z'));

    const trial = Subscription.fromRecord((await w.subscriptions.listByTeam(TEAM))[0]!);
    w.clock.advanceDays(14);
    expect(trial.isUsableAt(w.clock.now())).toBe(false);
  });

  it('re-installing after an uninstall gives a new 7-day trial', async () => {
    const w = aWorkspaceFixture('2025-03-01T10:00:00Z');
    await new InstallWorkspace(w).execute(install);
    w.clock.advanceDays(30);
    await new UninstallWorkspace(w).execute(TEAM);
    w.clock.advanceDays(1);
    const again = await new InstallWorkspace(w).execute({ ...install, botToken: 'xoxb-2' });
    expect(again.trialGrant).toEqual({ days: 7, reason: 'reinstall' });
    expect(again.trial?.currentPeriodEnd).toEqual(new Date('2025-04-08T10:00:00Z'));
    expect(again.installation).toMatchObject({ installCount: 2, uninstalledAt: null, botToken: 'xoxb-2' });
    expect(again.installation.firstInstalledAt).toEqual(new Date('2025-03-01T10:00:00Z'));
  });

  it('re-installing early in the first trial keeps the days that trial had left (spec 4: "7+")', async () => {
    const w = aWorkspaceFixture('2025-03-01T10:00:00Z');
    await new InstallWorkspace(w).execute(install);
    w.clock.advanceDays(2);
    await new UninstallWorkspace(w).execute(TEAM);
    w.clock.advanceMs(3 * 3_600_000);
    const again = await new InstallWorkspace(w).execute({ ...install, botToken: 'xoxb-2' });
    // 11 days and 21 hours were left of the 14: counted as 12 whole days, not cut to 7.
    expect(again.trialGrant).toEqual({ days: 12, reason: 'reinstall' });
    expect(again.trial?.currentPeriodEnd).toEqual(new Date('2025-03-15T13:00:00Z'));
    const now = w.clock.now();
    const usable = (await w.subscriptions.listByTeam(TEAM)).filter((s) => Subscription.fromRecord(s).isUsableAt(now));
    expect(usable.map((s) => s.id)).toEqual([again.trial?.id]);
  });

  it('gives the re-install trial only once: uninstalling and installing again starts no further trial', async () => {
    const w = aWorkspaceFixture('2025-03-01T10:00:00Z');
    await new InstallWorkspace(w).execute(install);
    for (const _ of [1, 2]) {
      await new UninstallWorkspace(w).execute(TEAM);
      w.clock.advanceDays(1);
      await new InstallWorkspace(w).execute(install);
    }
    await new UninstallWorkspace(w).execute(TEAM);
    w.clock.advanceDays(1);
    const fourth = await new InstallWorkspace(w).execute(install);
    expect(fourth.trial).toBeNull();
    expect(fourth.installation).toMatchObject({ installCount: 4, uninstalledAt: null });
    const now = w.clock.now();
    const usable = (await w.subscriptions.listByTeam(TEAM)).filter((s) => Subscription.fromRecord(s).isUsableAt(now));
    expect(usable).toEqual([]);
  });

  it('repeating the OAuth flow while installed updates the token but starts no new trial', async () => {
    const w = aWorkspaceFixture();
    await new InstallWorkspace(w).execute(install);
    const again = await new InstallWorkspace(w).execute({ ...install, botToken: 'xoxb-new' });
    expect(again.trial).toBeNull();
    expect(again.installation).toMatchObject({ botToken: 'xoxb-new', installCount: 1 });
    expect(await w.subscriptions.listByTeam(TEAM)).toHaveLength(1);
  });
});

describe('uninstalling cancels every subscription at once (spec 1, 4)', () => {
  it('cancels the trial and all paid subscriptions, forgets the token, leaves other workspaces alone', async () => {
    const w = aWorkspaceFixture('2025-01-10T00:00:00Z');
    await new InstallWorkspace(w).execute(install);
    await w.subscriptions.save(TEAM, aSubscription('paid-a').build());
    await w.subscriptions.save(TEAM, aSubscription('paid-b').cancelingAtPeriodEnd().build());
    await w.subscriptions.save(TEAM, aSubscription('old').canceled().build());
    await w.subscriptions.save(OTHER_TEAM, aSubscription('other').forTeam(OTHER_TEAM).build());

    const { canceled } = await new UninstallWorkspace(w).execute(TEAM);

    expect(canceled.map((s) => s.id).sort()).toEqual(['paid-a', 'paid-b', 'trial-T0001-1']);
    const statuses = (await w.subscriptions.listByTeam(TEAM)).map((s) => s.status);
    expect(statuses).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
    expect((await w.subscriptions.findById(OTHER_TEAM, 'other'))?.status).toBe('active');
    expect(await w.installations.find(TEAM)).toMatchObject({ botToken: null, uninstalledAt: w.clock.now() });
    expect(await w.installations.listInstalledTeamIds()).toEqual([]);
  });

  it('an uninstall that happened before the latest authorization (a late delivery) changes nothing; one after it uninstalls', async () => {
    const w = aWorkspaceFixture('2025-03-01T10:00:00.500Z');
    await new InstallWorkspace(w).execute(install);
    w.clock.advanceDays(1);
    // The admin uninstalled, then installed again before the uninstall was recorded.
    const uninstalledBy = new Date(w.clock.now().getTime() - 1);
    await new InstallWorkspace(w).execute({ ...install, botToken: 'xoxb-2' });

    const late = await new UninstallWorkspace(w).execute(TEAM, { occurredBy: uninstalledBy });
    expect(late).toEqual({ canceled: [], stale: { code: 'INSTALLATION.REINSTALLED_SINCE', installedAt: w.clock.now() } });
    expect(await w.installations.find(TEAM)).toMatchObject({ botToken: 'xoxb-2', uninstalledAt: null });
    expect((await w.subscriptions.listByTeam(TEAM)).map((s) => s.status)).toEqual(['trialing']);

    // At the very moment of the authorization, or later: a current uninstall.
    const current = await new UninstallWorkspace(w).execute(TEAM, { occurredBy: w.clock.now() });
    expect(current.stale).toBeUndefined();
    expect(await w.installations.find(TEAM)).toMatchObject({ botToken: null, uninstalledAt: w.clock.now() });
  });

  it('works for a workspace without installation record (token revoked twice)', async () => {
    const w = aWorkspaceFixture();
    expect(await new UninstallWorkspace(w).execute(TEAM)).toEqual({ canceled: [] });
  });
});
