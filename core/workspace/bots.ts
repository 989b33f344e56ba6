import type { UserId } from '../shared/ids';
import type { Member } from './member';
import { englishNoName, isBotMember, memberDisplayName, type NoNameText } from './member';

export const UNKNOWN_BOT_NAME = 'Unknown Bot';

export interface BotEntry {
  readonly id: UserId;
  readonly name: string;
}

/**
 * Bots that may be configured (auto replies, seats): bot and app users, excluding
 * workflow bots, deactivated ones and Tomo's own bot user (spec 6).
 */
export function listBots(members: readonly Member[], tomoBotUserId: UserId, noName: NoNameText = englishNoName): BotEntry[] {
  return members
    .filter((m) => isBotMember(m) && !m.isWorkflowBot && !m.deleted && m.id !== tomoBotUserId)
    .map((m) => ({ id: m.id, name: memberDisplayName(m, noName) }));
}

/** A bot's name, or 'Unknown Bot' (`unknownBot`, in the page's language) when it is not (or no longer) in the workspace. */
export function botName(bots: readonly BotEntry[], botUserId: UserId, unknownBot: string = UNKNOWN_BOT_NAME): string {
  return bots.find((b) => b.id === botUserId)?.name ?? unknownBot;
}

/** Bot user ids start with 'U' (spec 3). */
export function isBotUserId(id: string): boolean {
  return /^U[A-Z0-9]+$/.test(id);
}
