import type { FakeSlack } from './fake-slack';
import type { FakeTeam } from './slack-state';

export interface SeededWorkspace {
  team: FakeTeam;
  alice: string;
  bob: string;
  /** A public channel Tomo is in. */
  channel: string;
  /** Alice's DM with Tomo. */
  dm: string;
}

/** A small workspace: two people, a channel and a DM; ids are unique per team id. */
export function seedWorkspace(slack: FakeSlack, teamId = 'T0ACME'): SeededWorkspace {
  const team = slack.addTeam({ id: teamId, name: 'Acme' });
  const suffix = teamId.slice(1);
  const alice = slack.addUser({
    id: `UALICE${suffix}`,
    teamId,
    name: 'alice',
    realName: 'Alice Archer',
    displayName: 'alice',
    isAdmin: true,
    locale: 'en-US',
  }).id;
  const bob = slack.addUser({ id: `UBOB${suffix}`, teamId, name: 'bob', realName: 'Bob Baker', locale: 'ja-JP' }).id;
  const channel = slack.addChannel({ id: `CGEN${suffix}`, teamId, name: 'general' }).id;
  const dm = slack.addChannel({ id: `DALICE${suffix}`, teamId, isIm: true, user: alice }).id;
  return { team, alice, bob, channel, dm };
}
