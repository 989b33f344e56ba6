import type { ChannelId } from '../shared/ids';
import { englishNoName, type NoNameText } from './member';

export interface ChannelEntry {
  readonly id: ChannelId;
  readonly name?: string | null;
  /** A private channel: only its members may know it exists (unset: public). */
  readonly isPrivate?: boolean;
}

/**
 * The channels one person may see among those Tomo can see: every public channel, and the
 * private ones they are a member of (`memberOf`: the ids of their channels), as in Slack.
 */
export function channelsVisibleTo(channels: readonly ChannelEntry[], memberOf: ReadonlySet<ChannelId>): ChannelEntry[] {
  return channels.filter((c) => c.isPrivate !== true || memberOf.has(c.id));
}

/** A channel's name, or "<id>: (No Name)" (in the page's language: `noName`) when it has none (spec 3). */
export function channelDisplayName(channel: ChannelEntry, noName: NoNameText = englishNoName): string {
  return channel.name ? channel.name : noName(channel.id);
}
