import type { ForwardedMessage, ThreadMessage } from '../../core/assistant/chat-platform.port';
import type { SlackFile } from './slack-file-download';

/** A legacy secondary attachment, as bots post them (alerts, CI, deploys): the parts a person reads. */
export interface SlackAttachment {
  fallback?: string;
  pretext?: string;
  title?: string;
  text?: string;
  fields?: { title?: string; value?: string }[];
  /** Set on link and message unfurls: Slack's preview of a URL, not something the author wrote. */
  from_url?: string;
  original_url?: string;
  is_app_unfurl?: boolean;
  /** Set on a message link's unfurl, and on some forwards too: `is_share` is what tells a forward. */
  is_msg_unfurl?: boolean;
  /**
   * A message the author forwarded ("Forward message"/share): Slack carries it as an attachment
   * with `is_share` (and `from_url`, its permalink, like an unfurl), shown whole to everyone in
   * the conversation it was forwarded to.
   */
  is_share?: boolean;
  author_id?: string;
  author_name?: string;
  /** A forwarded message's own blocks (its `text` may be empty: blocks or files only). */
  message_blocks?: { message?: { blocks?: SlackBlock[] } }[];
  /** A forwarded message's files, listed as a message lists its own. */
  files?: SlackFile[];
}

/** A Block Kit block or element, loosely: only the parts that carry words are read. */
export interface SlackBlock {
  type?: string;
  text?: string | { text?: string };
  fields?: { text?: string }[];
  elements?: SlackBlock[];
  url?: string;
  user_id?: string;
  channel_id?: string;
  usergroup_id?: string;
  range?: string;
  name?: string;
}

/** A message as conversations.history and conversations.replies return it (the fields Tomo reads). */
export interface SlackMessage {
  ts?: string;
  text?: string;
  attachments?: SlackAttachment[];
  blocks?: SlackBlock[];
  user?: string;
  bot_id?: string;
  /** The name a webhook's or legacy bot's message (subtype bot_message) posts under. */
  username?: string;
  bot_profile?: { name?: string };
  subtype?: string;
  thread_ts?: string;
  reply_count?: number;
  files?: SlackFile[];
}

/**
 * What a message says: its text (or, when it has none, what its blocks say), then what its
 * attachments say. Many bots (monitoring, CI, IFTTT…) post only attachments or only Block Kit
 * blocks, with an empty `text` (Slack does not require one beside blocks), so without them an
 * auto-reply, a reaction or a summary would read nothing. A person's message carries its words
 * twice (text and rich_text blocks), so blocks are read only when the text is empty. Unfurls
 * are left out: they preview a link, which the link readers read (fenced as untrusted) when the
 * question needs it.
 */
export function slackMessageText(message: { text?: string; attachments?: SlackAttachment[]; blocks?: SlackBlock[] }): string {
  return slackMessageWords(message).text;
}

/**
 * What a message says (`slackMessageText`) and, when it forwards messages, the author's own
 * words (their text, blocks and attachments) and the forwarded messages apart: whether a person
 * mentioned Tomo is told by their own words, not by a forwarded message that did, and a PDF
 * labels a forward in its reader's language.
 */
export function slackMessageWords(message: {
  text?: string;
  attachments?: SlackAttachment[];
  blocks?: SlackBlock[];
}): Pick<ThreadMessage, 'text' | 'ownText' | 'forwards'> {
  const parts = [filled(message.text) ? message.text : blocksText(message.blocks)];
  const forwards: ForwardedMessage[] = [];
  for (const attachment of message.attachments ?? []) {
    if (attachment.is_share === true) {
      const forward = forwarded(attachment);
      if (forward !== undefined) forwards.push(forward);
      continue;
    }
    if (attachment.from_url !== undefined || attachment.original_url !== undefined || attachment.is_app_unfurl === true) continue;
    const fields = (attachment.fields ?? []).map((field) => [field.title, field.value].filter(filled).join(': '));
    const own = [attachment.pretext, attachment.title, attachment.text, ...fields].filter(filled);
    parts.push(...(own.length > 0 ? own : [attachment.fallback]).filter(filled));
  }
  const own = parts.filter(filled).join('\n');
  if (forwards.length === 0) return { text: own };
  const told = forwards.map((f) => `Forwarded message${f.author === undefined ? '' : ` from ${f.author}`}:\n${f.text}`);
  return { text: [own, ...told].filter(filled).join('\n'), ownText: own, forwards };
}

/**
 * A forwarded message: what it says, and who wrote it (a `<@U…>` mention, which the thread's
 * names turn into their name): its text, else its blocks, else Slack's fallback line.
 */
function forwarded(share: SlackAttachment): ForwardedMessage | undefined {
  const blocks = (share.message_blocks ?? []).flatMap((entry) => entry.message?.blocks ?? []);
  const said = [share.text, blocksText(blocks), share.fallback].find(filled) ?? '';
  if (said === '') return undefined;
  const author = filled(share.author_id) && /^[UW][A-Z0-9]+$/.test(share.author_id) ? `<@${share.author_id}>` : filled(share.author_name) ? share.author_name : undefined;
  return author === undefined ? { text: said } : { author, text: said };
}

/**
 * The files a message brings: its own, then those of the messages it forwards (a share lists
 * them in its attachment, not in the message's `files`), each once.
 */
export function slackMessageFiles(message: { files?: SlackFile[]; attachments?: SlackAttachment[] }): SlackFile[] | undefined {
  const shared = (message.attachments ?? []).filter((attachment) => attachment.is_share === true).flatMap((attachment) => (Array.isArray(attachment.files) ? attachment.files : []));
  if (shared.length === 0) return message.files;
  const byId = new Map<string, SlackFile>();
  for (const file of [...(message.files ?? []), ...shared]) {
    if (typeof file?.id === 'string' && !byId.has(file.id)) byId.set(file.id, file);
  }
  return [...byId.values()];
}

/** The name an app's message shows when it has no user: the `username` it posted under, else its app's name. */
export function slackBotName(message: SlackMessage): string | undefined {
  if (message.user !== undefined) return undefined;
  const name = filled(message.username) ? message.username : message.bot_profile?.name;
  return filled(name) ? name : undefined;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Block types whose words are controls (buttons, menus), not what the message says. */
const SKIPPED_BLOCKS = new Set(['actions', 'input', 'image', 'video', 'file', 'divider']);

/**
 * How deep blocks are read. Slack nests rich text a few levels (a list's sections, a quote's
 * elements; list indents are an `indent` number, not nesting); this reads the message's mention on
 * the route's ack path, where a body nested thousands deep overflowed the stack (a 500, and
 * Slack's retries of it the same).
 */
const MAX_BLOCK_DEPTH = 12;

const isObject = (value: unknown): value is SlackBlock => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The words of a message's blocks, one line per block (sections, headers, context, rich text, markdown). */
function blocksText(blocks: SlackBlock[] | undefined): string {
  if (!Array.isArray(blocks)) return '';
  return blocks
    .filter((block) => isObject(block) && !SKIPPED_BLOCKS.has(block.type ?? ''))
    .map((block) => blockText(block, 0))
    .filter(filled)
    .join('\n');
}

/** A block's words; what is not shaped as Slack documents it (a null element, `fields` not a list) says nothing. */
function blockText(block: SlackBlock, depth: number): string {
  const own = typeof block.text === 'string' ? block.text : isObject(block.text) && typeof block.text.text === 'string' ? block.text.text : '';
  switch (block.type) {
    case 'user':
      return block.user_id ? `<@${block.user_id}>` : '';
    case 'channel':
      return block.channel_id ? `<#${block.channel_id}>` : '';
    case 'usergroup':
      return block.usergroup_id ? `<!subteam^${block.usergroup_id}>` : '';
    case 'broadcast':
      return block.range ? `<!${block.range}>` : '';
    case 'emoji':
      return block.name ? `:${block.name}:` : '';
    case 'link':
      return own !== '' && block.url ? `${own} (${block.url})` : (block.url ?? own);
    case 'button':
    case 'image':
      return '';
  }
  const fields = (Array.isArray(block.fields) ? block.fields : []).map((field) => (isObject(field) ? field.text : undefined)).filter(filled);
  const elements = Array.isArray(block.elements) && depth < MAX_BLOCK_DEPTH ? block.elements : [];
  // Inline rich-text pieces run together; the other blocks' elements (context, lists) are lines.
  const inline = block.type === 'rich_text_section' || block.type === 'rich_text_preformatted' || block.type === 'rich_text_quote';
  const inner = elements.map((element) => (isObject(element) ? blockText(element, depth + 1) : '')).filter(filled);
  return [own, ...fields, inner.join(inline ? '' : '\n')].filter(filled).join('\n');
}
