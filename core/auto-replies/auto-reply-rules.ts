import type { BotEntry } from '../workspace/bots';
import { channelDisplayName, type ChannelEntry } from '../workspace/channel';
import { UNKNOWN_BOT_NAME } from '../workspace/bots';
import { englishNoName, type NoNameText } from '../workspace/member';
import type { KnownChannels } from '../workspace/workspace-directory.port';
import type { AutoReplySettingRecord } from './auto-reply-setting';

/** An Auto replies page row: a configurable bot with its saved setting, or defaults (off). */
export interface AutoReplyRow {
  readonly botUserId: string;
  readonly botName: string;
  readonly instruction: string;
  readonly enabled: boolean;
  readonly updatedBy: string | null;
  readonly updatedAt: Date | null;
}

/**
 * Every configurable bot (see listBots) plus bots saved earlier that are gone from the
 * workspace, shown as 'Unknown Bot' (`unknownBot`: the page's language's words).
 */
export function autoReplyRows(bots: readonly BotEntry[], saved: readonly AutoReplySettingRecord[], unknownBot: string = UNKNOWN_BOT_NAME): AutoReplyRow[] {
  const rows: AutoReplyRow[] = bots.map((bot) => {
    const setting = saved.find((s) => s.botUserId === bot.id);
    return {
      botUserId: bot.id,
      botName: bot.name,
      instruction: setting?.instruction ?? '',
      enabled: setting?.enabled ?? false,
      updatedBy: setting?.updatedBy ?? null,
      updatedAt: setting?.updatedAt ?? null,
    };
  });
  for (const setting of saved) {
    if (bots.some((b) => b.id === setting.botUserId)) continue;
    rows.push({
      botUserId: setting.botUserId,
      botName: unknownBot,
      instruction: setting.instruction,
      enabled: setting.enabled,
      updatedBy: setting.updatedBy,
      updatedAt: setting.updatedAt,
    });
  }
  return rows;
}

/** A channel a bot posts in, and whether Tomo is there to answer it (spec 2: it must be). */
export interface BotChannel {
  readonly id: string;
  readonly name: string;
  readonly tomoIsMember: boolean;
}

/** The bot's channels, those Tomo is missing from first (they need an /invite). */
export function botChannels(ofBot: readonly ChannelEntry[], ofTomo: readonly ChannelEntry[], noName: NoNameText = englishNoName): BotChannel[] {
  const tomoIn = new Set(ofTomo.map((c) => c.id));
  return ofBot
    .map((c) => ({ id: c.id, name: channelDisplayName(c, noName), tomoIsMember: tomoIn.has(c.id) }))
    .sort((a, b) => Number(a.tomoIsMember) - Number(b.tomoIsMember) || a.name.localeCompare(b.name));
}

/** A row's channels as far as Slack has told: a list once both the bot's and Tomo's are known. */
export interface BotChannelsState {
  readonly channels: BotChannel[] | null;
  /** The bot's or Tomo's list is being read: a missing list fills in, a shown one may change. */
  readonly channelsLoading: boolean;
  /** No list to show, and none is being read: Slack could not say (tried again later). */
  readonly channelsFailed: boolean;
}

export function botChannelsState(ofBot: KnownChannels, ofTomo: KnownChannels, noName: NoNameText = englishNoName): BotChannelsState {
  const channels = ofBot.channels && ofTomo.channels ? botChannels(ofBot.channels, ofTomo.channels, noName) : null;
  const channelsLoading = ofBot.loading || ofTomo.loading;
  return { channels, channelsLoading, channelsFailed: channels === null && !channelsLoading && (ofBot.failed || ofTomo.failed) };
}
