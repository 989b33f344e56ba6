import { describe, expect, it } from 'vitest';
import { botName, isBotUserId, listBots, UNKNOWN_BOT_NAME } from '../../../core/workspace/bots';
import { channelDisplayName } from '../../../core/workspace/channel';
import { aMember, TOMO_BOT_USER } from '../support/builders';

describe('bot lists (spec 3, 6)', () => {
  const members = [
    aMember('UPERSON').named('person').build(),
    aMember('UDEPLOY').named('Deploy Bot').bot().build(),
    aMember('UAPP').named('Some App').appUser().build(),
    aMember('UFLOW').named('Workflow').workflowBot().build(),
    aMember(TOMO_BOT_USER).named('Tomo').bot().build(),
    aMember('UGONE').named('Gone Bot').bot().deleted().build(),
  ];

  it('exclude workflow bots and Tomo itself', () => {
    expect(listBots(members, TOMO_BOT_USER)).toEqual([
      { id: 'UDEPLOY', name: 'Deploy Bot' },
      { id: 'UAPP', name: 'Some App' },
    ]);
  });

  it("show 'Unknown Bot' for a bot that is not in the workspace", () => {
    const bots = listBots(members, TOMO_BOT_USER);
    expect(botName(bots, 'UDEPLOY')).toBe('Deploy Bot');
    expect(botName(bots, 'UMISSING')).toBe(UNKNOWN_BOT_NAME);
    expect(UNKNOWN_BOT_NAME).toBe('Unknown Bot');
  });

  it('bot user ids start with U', () => {
    expect(isBotUserId('U012ABC')).toBe(true);
    expect(isBotUserId('B012ABC')).toBe(false);
  });
});

describe('channel names (spec 3)', () => {
  it("a channel without a name shows its id plus ': (No Name)'", () => {
    expect(channelDisplayName({ id: 'C1', name: 'general' })).toBe('general');
    expect(channelDisplayName({ id: 'C2', name: '' })).toBe('C2: (No Name)');
    expect(channelDisplayName({ id: 'C3' })).toBe('C3: (No Name)');
  });
});
