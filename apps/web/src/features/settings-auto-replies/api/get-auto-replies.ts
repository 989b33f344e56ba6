import { useEffect, useMemo, useState } from 'react';
import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/auto-replies */
export interface AutoReplyRow extends BotChannelsState {
  number: number;
  botUserId: string;
  botName: string;
  instruction: string;
  enabled: boolean;
  updatedByName: string | null;
  updatedAt: string | null;
}

/** A bot's channels as far as Slack has told the server. */
export interface BotChannelsState {
  /** The bot's channels and whether Tomo is in each; null while not read yet, or when Slack could not say. */
  channels: { id: string; name: string; tomoIsMember: boolean }[] | null;
  /** Being read from Slack: a missing list fills in, a shown one (from the last read) may change. */
  channelsLoading: boolean;
  /** Slack could not list them, and no read is under way. */
  channelsFailed: boolean;
}

export interface AutoReplies {
  rows: AutoReplyRow[];
  /** Some bot's channels are being read: the page asks again. */
  channelsLoading: boolean;
  /** How many bots' channels are shown, of how many. */
  channelsRead: number;
  channelsTotal: number;
}

export const getAutoReplies = () => apiFetch<AutoReplies>('/api/settings/auto-replies');

/** How often the page asks again while Slack's answers come in (about one bot a second at Slack's pace). */
const ASK_AGAIN_MS = 2_000;
/** After an ask that failed (the network, a server restarting): a calmer pace. */
const ASK_AGAIN_AFTER_FAILURE_MS = 10_000;

export interface ChannelsFillingIn {
  byBot: ReadonlyMap<string, BotChannelsState>;
  loading: boolean;
  read: number;
  total: number;
}

/**
 * The bots' channels of `loaded` (the page's last load) as the server knows them now: while it
 * says some are still being read from Slack, this asks again every few seconds. Only the
 * channels are taken from these asks: the rows' saved settings, and so what is being typed in
 * them, change only with the page's own loads. A new load (after a save) starts over from it.
 */
export function useChannelsFillingIn(loaded: AutoReplies | undefined): ChannelsFillingIn | undefined {
  const [asked, setAsked] = useState<{ for: AutoReplies; answer: AutoReplies; failures: number } | null>(null);
  const latest = loaded !== undefined && asked?.for === loaded ? asked : null;
  const current = latest?.answer ?? loaded;

  useEffect(() => {
    if (loaded === undefined || current?.channelsLoading !== true) return;
    let superseded = false;
    const failures = latest?.failures ?? 0;
    const timer = setTimeout(() => {
      getAutoReplies().then(
        (answer) => {
          if (!superseded) setAsked({ for: loaded, answer, failures: 0 });
        },
        () => {
          if (!superseded) setAsked({ for: loaded, answer: current, failures: failures + 1 });
        },
      );
    }, failures > 0 ? ASK_AGAIN_AFTER_FAILURE_MS : ASK_AGAIN_MS);
    return () => {
      superseded = true;
      clearTimeout(timer);
    };
  }, [loaded, latest]);

  return useMemo(() => {
    if (current === undefined) return undefined;
    const byBot = new Map<string, BotChannelsState>(
      current.rows.map(({ botUserId, channels, channelsLoading, channelsFailed }) => [botUserId, { channels, channelsLoading, channelsFailed }]),
    );
    return { byBot, loading: current.channelsLoading, read: current.channelsRead, total: current.channelsTotal };
  }, [current]);
}
