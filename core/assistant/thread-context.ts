import { unescapeSlackEntities } from '../shared/slack-escapes';
import type { Tokenizer } from '../shared/tokenizer.port';
import { memberDisplayName, type Member, type NoNameText } from '../workspace/member';
import type { ThreadMessage } from './chat-platform.port';
import type { LlmAssistantMessage, LlmUserMessage } from './llm-provider.port';

/** A thread message as a model turn: people are `user`, Tomo is `assistant`. */
export type ThreadTurn = LlmUserMessage | LlmAssistantMessage;

/** Tokens a chat API adds around each message (role markers); OpenAI documents about 4. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** The newest message keeps at least this much even when instructions fill the budget. */
export const DEFAULT_MIN_NEWEST_TOKENS = 256;
const ELLIPSIS = '…';

export interface BuildThreadContextInput {
  /** The thread, oldest first (as `ChatPlatform.readThread` returns it). */
  messages: readonly ThreadMessage[];
  /** Tomo's own user id and bot id: its messages become `assistant` turns. */
  self: { userId?: string; botId?: string };
  /** Display names by user id, for authors and for `<@U…>` mentions. */
  names: ReadonlyMap<string, string>;
  /** Composed instructions; always kept whole. */
  system: string;
  /** The plan's token limit for one request: instructions plus thread. */
  tokenLimit: number;
  tokenizer: Tokenizer;
  minNewestTokens?: number;
}

export interface ThreadContext {
  system: string;
  /** Oldest first; ends with the newest message of the thread. */
  messages: ThreadTurn[];
  /** Counted tokens of the instructions, the kept messages and their overhead. */
  tokens: number;
  /** How many of the oldest messages did not fit. */
  droppedMessages: number;
  /** True when the newest message itself had to be shortened. */
  newestTruncated: boolean;
}

/**
 * Turns a thread into LLM turns under a token budget. Messages are dropped oldest first;
 * the newest message is always kept (shortened from its end if it alone is too long),
 * because it is the question being answered.
 */
export function buildThreadContext(input: BuildThreadContextInput): ThreadContext {
  const { tokenizer } = input;
  const turns = input.messages
    .map((message) => toTurn(message, input))
    .filter((turn): turn is ThreadTurn => turn !== undefined);
  const systemTokens = input.system === '' ? 0 : tokenizer.countTokens(input.system);
  let budget = input.tokenLimit - systemTokens;

  const kept: ThreadTurn[] = [];
  let used = systemTokens;
  let newestTruncated = false;
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index]!;
    const cost = tokenizer.countTokens(turn.content) + MESSAGE_OVERHEAD_TOKENS;
    const isNewest = index === turns.length - 1;
    if (cost <= budget) {
      kept.unshift(turn);
      budget -= cost;
      used += cost;
      continue;
    }
    if (isNewest) {
      const room = Math.max(budget, input.minNewestTokens ?? DEFAULT_MIN_NEWEST_TOKENS) - MESSAGE_OVERHEAD_TOKENS;
      const content = truncateToTokens(turn.content, room, tokenizer);
      const shortened = tokenizer.countTokens(content) + MESSAGE_OVERHEAD_TOKENS;
      kept.unshift({ ...turn, content });
      used += shortened;
      newestTruncated = true;
    }
    break;
  }
  return {
    system: input.system,
    messages: kept,
    tokens: used,
    droppedMessages: turns.length - kept.length,
    newestTruncated,
  };
}

/**
 * The thread without the answers the provider's safety system stopped (found by `marks`, the line
 * Tomo writes under such an answer, in every locale), nor the messages that
 * asked for them (those since Tomo's previous answer). Anthropic's streaming refusals guide:
 * after `stop_reason: "refusal"` the conversation must be reset by removing or rephrasing the
 * refused turn; sent again, it keeps every later question of the thread refused. A stopped
 * answer split over several messages goes whole; the newest message (the question) always stays.
 */
export function withoutRefusals(messages: readonly ThreadMessage[], self: BuildThreadContextInput['self'], marks: readonly string[]): readonly ThreadMessage[] {
  const wanted = marks.map(plainText).filter((mark) => mark !== '');
  if (wanted.length === 0) return messages;
  const isSelf = (message: ThreadMessage) =>
    (self.userId !== undefined && message.userId === self.userId) || (self.botId !== undefined && message.botId === self.botId);
  const left = new Set<number>();
  for (let index = messages.length - 2; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (left.has(index) || !isSelf(message) || !wanted.some((mark) => plainText(message.text).includes(mark))) continue;
    let start = index;
    while (start > 0 && isSelf(messages[start - 1]!)) start -= 1;
    while (start > 0 && !isSelf(messages[start - 1]!)) start -= 1;
    for (let n = start; n <= index; n += 1) left.add(n);
  }
  return left.size === 0 ? messages : messages.filter((_message, index) => !left.has(index));
}

/** Text without Markdown emphasis and extra spaces, as Slack may give a message back. */
function plainText(text: string): string {
  return text.replace(/[_*~]/g, '').replace(/\s+/g, ' ').trim();
}

/** Every user id a thread refers to (authors and `<@U…>` mentions), for one name lookup. */
export function userIdsInThread(messages: readonly ThreadMessage[]): string[] {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.userId !== undefined) ids.add(message.userId);
    for (const match of message.text.matchAll(MENTION)) ids.add(match[1]!);
  }
  return [...ids];
}

/** The `names` for `buildThreadContext`, by the workspace's display-name rules. */
export function displayNamesOf(profiles: ReadonlyMap<string, Member>, noName?: NoNameText): Map<string, string> {
  return new Map([...profiles].map(([id, member]) => [id, memberDisplayName(member, noName)]));
}

// Slack writes mentions as <@U123> or <@U123|name>.
const MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;

function toTurn(message: ThreadMessage, input: BuildThreadContextInput): ThreadTurn | undefined {
  // Mentions first (Slack's own `<@U…>` markup), then Slack's escaping undone: the model reads what was typed.
  const written = unescapeSlackEntities(message.text.replace(MENTION, (_all, id: string) => `@${input.names.get(id) ?? id}`)).trim();
  // A file shared without a word (Slack's file_share with empty text) is still what was said:
  // its turn names the files, and the readers' text of them follows it.
  const files = message.files ?? [];
  const text = written !== '' || files.length === 0 ? written : `(shared ${files.map((file) => file.name || 'a file').join(', ')})`;
  if (text === '') return undefined;
  const fromSelf =
    (input.self.userId !== undefined && message.userId === input.self.userId) ||
    (input.self.botId !== undefined && message.botId === input.self.botId);
  if (fromSelf) return { role: 'assistant', content: text };
  const author = message.userId === undefined ? undefined : (input.names.get(message.userId) ?? message.userId);
  return { role: 'user', content: author === undefined ? text : `${author}: ${text}` };
}

/** The longest start of `text` (plus an ellipsis) that costs at most `maxTokens`. */
export function truncateToTokens(text: string, maxTokens: number, tokenizer: Tokenizer): string {
  if (tokenizer.countTokens(text) <= maxTokens) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tokenizer.countTokens(text.slice(0, middle) + ELLIPSIS) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  // Never end on half of a surrogate pair.
  const end = low > 0 && isHighSurrogate(text.charCodeAt(low - 1)) ? low - 1 : low;
  return end === 0 ? '' : text.slice(0, end) + ELLIPSIS;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
