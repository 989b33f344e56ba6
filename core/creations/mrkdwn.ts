/**
 * Slack's mrkdwn as a small tree, for rendering outside Slack (the Save-as-PDF shortcut):
 * paragraphs, bulleted and numbered list items, quotes, code blocks; inside them bold,
 * italics, strike-through, inline code, links `<url|text>`, mentions of people, channels and
 * groups, dates and emoji names. Slack sends `&`, `<`, `>` escaped; the tree holds plain text.
 */

export interface Span {
  readonly text: string;
  readonly bold?: true;
  readonly italic?: true;
  readonly strike?: true;
  readonly code?: true;
  /** An http(s) or mailto address the text links to. */
  readonly link?: string;
  /** A mention (@person, #channel, @here) or an emoji name (:tada:), shown highlighted. */
  readonly mention?: true;
  readonly emoji?: true;
}

export type Block =
  | { readonly kind: 'paragraph'; readonly spans: readonly Span[] }
  | { readonly kind: 'list_item'; readonly marker: string; readonly depth: number; readonly spans: readonly Span[] }
  | { readonly kind: 'quote'; readonly spans: readonly Span[] }
  | { readonly kind: 'code'; readonly text: string };

export interface MrkdwnNames {
  /** A person's display name by user id (spec 3 fallbacks at the caller). */
  user(id: string): string | undefined;
  /** A channel's name by id, when Slack did not include it. */
  channel(id: string): string | undefined;
}

const NO_NAMES: MrkdwnNames = { user: () => undefined, channel: () => undefined };

export function unescapeSlack(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Blocks of one message's text, in order. */
export function parseMrkdwn(text: string, names: MrkdwnNames = NO_NAMES): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let quoted: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join('\n'), names) });
    // Consecutive quoted lines are one quote.
    if (quoted.length > 0) blocks.push({ kind: 'quote', spans: parseInline(quoted.join('\n'), names) });
    paragraph = [];
    quoted = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fence = line.indexOf('```');
    if (fence !== -1) {
      // A code block: from ``` to the next ``` (possibly on the same line), kept verbatim.
      flush();
      const before = line.slice(0, fence).trim();
      if (before !== '') blocks.push({ kind: 'paragraph', spans: parseInline(before, names) });
      let body = line.slice(fence + 3);
      let close = body.indexOf('```');
      while (close === -1 && i + 1 < lines.length) {
        i += 1;
        body += `\n${lines[i]!}`;
        close = body.indexOf('```');
      }
      const code = close === -1 ? body : body.slice(0, close);
      blocks.push({ kind: 'code', text: unescapeSlack(code.replace(/^\n/, '').replace(/\n$/, '')) });
      const after = close === -1 ? '' : body.slice(close + 3).trim();
      if (after !== '') blocks.push({ kind: 'paragraph', spans: parseInline(after, names) });
      continue;
    }
    const quote = /^(?:&gt;|>)\s?(.*)$/.exec(line);
    if (quote) {
      if (paragraph.length > 0) flush();
      quoted.push(quote[1]!);
      continue;
    }
    if (quoted.length > 0) flush();
    const item = /^(\s*)([•◦▪▫‣\-*]|\d{1,3}[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const marker = /^\d/.test(item[2]!) ? item[2]!.replace(')', '.') : '•';
      blocks.push({ kind: 'list_item', marker, depth: Math.min(4, Math.floor(item[1]!.replace(/\t/g, '    ').length / 4)), spans: parseInline(item[3]!, names) });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

type Marks = Omit<Span, 'text' | 'link' | 'mention' | 'emoji'>;

const STYLES: readonly { marker: string; mark: keyof Marks }[] = [
  { marker: '`', mark: 'code' },
  { marker: '*', mark: 'bold' },
  { marker: '_', mark: 'italic' },
  { marker: '~', mark: 'strike' },
];

/** Inline mrkdwn to spans with their marks. */
export function parseInline(text: string, names: MrkdwnNames = NO_NAMES, marks: Marks = {}): Span[] {
  const spans: Span[] = [];
  const push = (span: Span) => {
    if (span.text === '') return;
    const last = spans.at(-1);
    if (last && sameStyle(last, span)) spans[spans.length - 1] = { ...last, text: last.text + span.text };
    else spans.push(span);
  };
  let plain = '';
  const flushPlain = () => {
    if (plain !== '') for (const span of emojiSpans(unescapeSlack(plain), marks)) push(span);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '<') {
      const end = text.indexOf('>', i + 1);
      if (end !== -1 && !marks.code) {
        flushPlain();
        push(angle(text.slice(i + 1, end), names, marks));
        i = end + 1;
        continue;
      }
    }
    const style = STYLES.find((s) => s.marker === char);
    if (style && !marks.code && opens(text, i)) {
      const close = findClose(text, i, style.marker);
      if (close !== -1) {
        flushPlain();
        const inner = text.slice(i + 1, close);
        if (style.mark === 'code') push({ ...marks, code: true, text: unescapeSlack(inner) });
        else for (const span of parseInline(inner, names, { ...marks, [style.mark]: true })) push(span);
        i = close + 1;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  flushPlain();
  return spans;
}

const WORD = /[A-Za-z0-9]/;

/** A marker opens a style at the start or after something that is not a letter or digit, and is followed by a non-space. */
function opens(text: string, at: number): boolean {
  const before = at === 0 ? '' : text[at - 1]!;
  const after = text[at + 1];
  return (before === '' || !WORD.test(before)) && after !== undefined && !/\s/.test(after) && after !== text[at];
}

/** The closing marker on the same line: after a non-space, not followed by a letter or digit. */
function findClose(text: string, at: number, marker: string): number {
  for (let j = at + 2; j < text.length; j += 1) {
    const c = text[j]!;
    if (c === '\n' && marker !== '`') return -1;
    if (c !== marker) continue;
    const before = text[j - 1]!;
    const after = text[j + 1];
    if (!/\s/.test(before) && (after === undefined || !WORD.test(after))) return j;
  }
  return -1;
}

/** `<https://…|text>`, `<@U…>`, `<#C…|name>`, `<!here>`, `<!subteam^S…|@team>`, `<!date^…|fallback>`. */
function angle(inner: string, names: MrkdwnNames, marks: Marks): Span {
  const [target = '', label] = splitOnce(inner, '|');
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return { ...marks, mention: true, text: `@${label ?? names.user(id) ?? id}` };
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return { ...marks, mention: true, text: `#${label ?? names.channel(id) ?? id}` };
  }
  if (target.startsWith('!')) {
    const command = target.slice(1);
    if (command.startsWith('date^')) return { ...marks, text: unescapeSlack(label ?? command) };
    if (command.startsWith('subteam^')) return { ...marks, mention: true, text: unescapeSlack(label ?? '@team') };
    return { ...marks, mention: true, text: `@${command.split('^')[0]}` };
  }
  const url = unescapeSlack(target);
  if (/^(https?:|mailto:)/i.test(url)) return { ...marks, link: url, text: unescapeSlack(label ?? url.replace(/^mailto:/i, '')) };
  return { ...marks, text: unescapeSlack(`<${inner}>`) };
}

/** `:tada:` and `:+1::skin-tone-2:` as emoji-name spans. */
function emojiSpans(text: string, marks: Marks): Span[] {
  if (marks.code) return [{ ...marks, text }];
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(/:[a-z0-9_+'-]+:(?::skin-tone-[2-6]:)?/g)) {
    if (match.index > last) spans.push({ ...marks, text: text.slice(last, match.index) });
    spans.push({ ...marks, emoji: true, text: match[0].replace(/::skin-tone-[2-6]:$/, ':') });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ ...marks, text: text.slice(last) });
  return spans;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function sameStyle(a: Span, b: Span): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.strike === b.strike &&
    a.code === b.code &&
    a.link === b.link &&
    a.mention === b.mention &&
    a.emoji === b.emoji
  );
}
