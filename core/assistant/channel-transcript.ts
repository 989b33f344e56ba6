import { unescapeSlackEntities } from '../shared/slack-escapes';
import type { Tokenizer } from '../shared/tokenizer.port';
import type { ChannelMessage } from '../triggers/chat-workspace.port';
import { truncateToTokens } from './thread-context';

export interface ChannelTranscript {
  /** One line per message, oldest first; replies indented under their parent. */
  readonly text: string;
  readonly messages: number;
  /** Oldest messages left out to stay within the budget. */
  readonly dropped: number;
}

// Slack writes mentions as <@U123> or <@U123|name>.
const MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;

/**
 * A channel's messages as a transcript for the model, with names and UTC times, cut from the
 * oldest end to `budgetTokens` (the newest message is kept, shortened if it alone is too long).
 */
export function channelTranscript(input: {
  readonly messages: readonly ChannelMessage[];
  readonly names: ReadonlyMap<string, string>;
  readonly self: { readonly userId: string; readonly botId: string };
  readonly appName: string;
  readonly budgetTokens: number;
  readonly tokenizer: Tokenizer;
}): ChannelTranscript {
  const lines = input.messages.map((message) => line(message, input)).filter((text) => text !== '');
  const kept: string[] = [];
  let left = input.budgetTokens;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const text = lines[index]!;
    const cost = input.tokenizer.countTokens(text) + 1;
    if (cost <= left) {
      kept.unshift(text);
      left -= cost;
      continue;
    }
    if (kept.length === 0 && left > 0) kept.unshift(truncateToTokens(text, left, input.tokenizer));
    break;
  }
  return { text: kept.join('\n'), messages: kept.length, dropped: lines.length - kept.length };
}

function line(message: ChannelMessage, input: Parameters<typeof channelTranscript>[0]): string {
  const text = unescapeSlackEntities(message.text.replace(MENTION, (_all, id: string) => `@${input.names.get(id) ?? id}`)).trim();
  if (text === '') return '';
  const fromTomo = message.userId === input.self.userId || message.botId === input.self.botId;
  const author = fromTomo ? input.appName : message.userId === undefined ? 'a bot' : (input.names.get(message.userId) ?? message.userId);
  const reply = message.threadTs !== message.ts;
  return `${reply ? '    ↳ ' : ''}[${utcTime(message.ts)}] ${author}: ${text.replace(/\n+/g, ' ')}`;
}

function utcTime(ts: string): string {
  const seconds = Number(ts.split('.')[0]);
  return Number.isFinite(seconds) ? `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}
