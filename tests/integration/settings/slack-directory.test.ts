import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/memory/fake-clock';
import { InMemoryInstallationRepository } from '../../../adapters/memory/in-memory-installation-repository';
import { SlackDirectory } from '../../../adapters/slack/slack-directory';
import { WorkspaceNotInstalledError } from '../../../core/workspace/workspace-directory.port';
import { startFakeSlack, type FakeSlack, type FakeTeam } from '../../../adapters/slack-emulator/fake-slack';

let slack: FakeSlack;
let team: FakeTeam;
const installations = new InMemoryInstallationRepository();
const clock = new FakeClock('2026-05-01T00:00:00Z');

beforeAll(async () => {
  slack = await startFakeSlack();
  team = slack.addTeam({ id: 'T0BIGCORP', name: 'Big Corp' });
  for (let i = 0; i < 450; i += 1) {
    slack.addUser({ id: `U${String(i).padStart(6, '0')}`, teamId: team.id, name: `person${i}`, isAdmin: i === 7 });
  }
  slack.addChannel({ id: 'C0NONAME1', teamId: team.id });
  await installations.save(team.id, {
    teamId: team.id,
    teamName: team.name,
    botUserId: team.botUserId,
    botId: team.botId,
    botToken: team.botToken,
    installedBy: 'U000007',
    firstInstalledAt: clock.now(),
    installedAt: clock.now(),
    uninstalledAt: null,
    installCount: 1,
  });
});
afterAll(() => slack?.close());

describe('SlackDirectory (through the Slack Web API fake)', () => {
  it('reads every page of a large member list and maps Slack flags to core members', async () => {
    const directory = new SlackDirectory({ installations, clock, slackApiUrl: slack.url });
    const members = await directory.listMembers(team.id);
    // 450 people plus Tomo's own bot user.
    expect(members).toHaveLength(451);
    expect(slack.callsTo('users.list').length).toBeGreaterThanOrEqual(3);
    expect(members.find((m) => m.id === 'U000007')).toMatchObject({ name: 'person7', isAdmin: true, isOwner: false });
    expect(members.find((m) => m.id === team.botUserId)).toMatchObject({ isBot: true });
  });

  it('reuses the lists for a minute, then asks Slack again', async () => {
    const directory = new SlackDirectory({ installations, clock, slackApiUrl: slack.url });
    await directory.listChannels(team.id);
    const calls = slack.callsTo('conversations.list').length;
    expect(await directory.listChannels(team.id)).toEqual([{ id: 'C0NONAME1', name: null, isPrivate: false }]);
    expect(slack.callsTo('conversations.list').length).toBe(calls);
    clock.advanceMs(60_001);
    await directory.listChannels(team.id);
    expect(slack.callsTo('conversations.list').length).toBe(calls + 1);
  });

  it('asks Slack for one person the list does not hold, once a minute: a new joiner with their flags, null for nobody or someone hidden', async () => {
    const directory = new SlackDirectory({ installations, clock, slackApiUrl: slack.url });
    slack.addUser({ id: 'U0JOINED1', teamId: team.id, name: 'newbie', isRestricted: true });
    const other = slack.addTeam({ id: 'T0OTHERCO', name: 'Other Co' });
    slack.addUser({ id: 'U0HIDDEN1', teamId: other.id, name: 'hidden', seenFromOtherWorkspaces: 'hidden' });
    const calls = slack.callsTo('users.info').length;

    expect(await directory.member(team.id, 'U0JOINED1')).toMatchObject({ id: 'U0JOINED1', name: 'newbie', isRestricted: true, isAdmin: false });
    expect(await directory.member(team.id, 'U0NOBODY1')).toBeNull();
    expect(await directory.member(team.id, 'U0HIDDEN1')).toBeNull();
    await directory.member(team.id, 'U0JOINED1');
    expect(slack.callsTo('users.info').length).toBe(calls + 3);
  });

  it('reads the team name, and refuses a workspace Tomo is not installed in', async () => {
    const directory = new SlackDirectory({ installations, clock, slackApiUrl: slack.url });
    expect(await directory.teamInfo(team.id)).toEqual({ id: team.id, name: 'Big Corp', domain: 't0bigcorp' });
    await expect(directory.listMembers('T0NOTHERE')).rejects.toBeInstanceOf(WorkspaceNotInstalledError);
  });
});
