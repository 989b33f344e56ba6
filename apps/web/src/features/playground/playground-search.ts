/**
 * Query string of /playground: where the visitor is, so a reload (or a second tab opened on the
 * same address) shows the same channel and open thread instead of falling back to #general.
 * `?channel=C…&thread=<ts>` for a channel (and its open thread), `?view=home`, or
 * `?view=assistant&chat=<ts>`; on Home and in the Assistant, `channel` is the channel the
 * visitor came from (what a new Assistant chat is about). Anything else is ignored.
 */
export interface PlaygroundSearch {
  channel?: string;
  thread?: string;
  view?: 'home' | 'assistant';
  chat?: string;
}

const CHANNEL = /^[A-Z0-9]{1,40}$/;
const TS = /^\d{10}\.\d{1,6}$/;

function matching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

export function parsePlaygroundSearch(search: Record<string, unknown>): PlaygroundSearch {
  const channel = matching(search.channel, CHANNEL);
  if (search.view === 'home') return channel ? { view: 'home', channel } : { view: 'home' };
  if (search.view === 'assistant') {
    const chat = matching(search.chat, TS);
    return { view: 'assistant', ...(channel ? { channel } : {}), ...(chat ? { chat } : {}) };
  }
  const result: PlaygroundSearch = {};
  const thread = matching(search.thread, TS);
  if (channel) result.channel = channel;
  if (thread) result.thread = thread;
  return result;
}
