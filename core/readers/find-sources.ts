import type { ThreadMessage } from '../assistant/chat-platform.port';
import type { Source } from './reader';

// Slack writes links as <https://…> or <https://…|label>; mentions, channels and
// special commands (<@U…>, <#C…>, <!here>) use the same brackets and are not links.
// Slack escapes `<` and `>` in text (`&lt;`), so neither is in a link or its label: an unclosed
// `<https://` ends at the next `<`. Without that, each one of a 40,000-character message of
// them scanned the rest of it (0.5 s of the event loop per message read).
const SLACK_LINK = /<(https?:\/\/[^|<>\s]+)(?:\|[^<>]*)?>/gi;
// Text that did not come through Slack's formatter (a bot, a trigger prompt) may hold bare URLs.
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/gi;

/**
 * Links and files worth reading, the question's first, then the thread's from newest to
 * oldest, each once. Tomo's own messages are skipped (its citations are not new material).
 */
export function findSources(messages: readonly ThreadMessage[], self: { userId?: string; botId?: string }): Source[] {
  const sources: Source[] = [];
  const seen = new Set<string>();
  for (const message of [...messages].reverse()) {
    if (isFromSelf(message, self)) continue;
    for (const url of linksIn(message.text)) {
      if (seen.has(`link:${url}`)) continue;
      seen.add(`link:${url}`);
      sources.push({ type: 'link', url, messageTs: message.ts });
    }
    for (const file of message.files ?? []) {
      if (seen.has(`file:${file.id}`)) continue;
      seen.add(`file:${file.id}`);
      sources.push({ type: 'file', file, messageTs: message.ts });
    }
  }
  return sources;
}

function isFromSelf(message: ThreadMessage, self: { userId?: string; botId?: string }): boolean {
  return (self.userId !== undefined && message.userId === self.userId) || (self.botId !== undefined && message.botId === self.botId);
}

/**
 * The messages written since Tomo last spoke in the conversation (all of them when it has not):
 * what could not be read in earlier ones was said under that earlier answer.
 */
export function sinceLastAnswer(messages: readonly ThreadMessage[], self: { userId?: string; botId?: string }): Set<string> {
  const last = messages.findLastIndex((message) => isFromSelf(message, self));
  return new Set(messages.slice(last + 1).map((message) => message.ts));
}

/** The http(s) links of one message text, in order, with Slack's escaping undone. */
export function linksIn(text: string): string[] {
  const found: string[] = [];
  const rest = text.replace(SLACK_LINK, (_all, url: string) => {
    found.push(url);
    return ' ';
  });
  for (const match of rest.matchAll(BARE_URL)) found.push(match[0]);
  return found.map(unescapeSlack).filter((url) => URL.canParse(url));
}

function unescapeSlack(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
