import type { ChannelId } from '../shared/ids';
import { NO_NAME_SUFFIX } from './member';

export interface ChannelEntry {
  readonly id: ChannelId;
  readonly name?: string | null;
}

/** A channel's name, or "<id>: (No Name)" when it has none (spec 3). */
export function channelDisplayName(channel: ChannelEntry): string {
  return channel.name ? channel.name : `${channel.id}${NO_NAME_SUFFIX}`;
}
