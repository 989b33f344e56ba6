/**
 * Text a model wrote must never notify a whole channel or a user group. Slack reads
 * `<!here>`, `<!channel>`, `<!everyone>` (with or without a `|label`) and `<!subteam^S…>`
 * (a user group, `<!subteam^S…|@handle>`) as mentions that notify everyone they name; a page or
 * file the model read may tell it to write one. Plain `@here`, `@channel` and `@everyone` are
 * linked only when a message asks Slack to (`link_names`, `parse: full`), which Tomo never does,
 * but nothing documents how `markdown_text` treats them, so they are made inert too.
 *
 * The neutral form reads the same: `@` and a WORD JOINER (U+2060, invisible, no width) before
 * the name, `@⁠here`, which Slack neither parses as `<!…>` markup nor matches as `@here`. A user
 * group shows its handle (`@⁠team`), or its id when the mention names none. Any other `<!` (an
 * unknown or unclosed command) gets the joiner between `<` and `!`, so no later text can close
 * it into a mention. `<!date^…>` (a date shown in the reader's time zone) is harmless and kept.
 * `<@U…>` (one person) and `<#C…>` (a channel link) are not touched.
 *
 * Code spans and blocks are treated like any other text: in mrkdwn Slack parses `<…>` markup
 * inside backticks too, a long answer split over several messages can cut a fence, and a model
 * told to "put it in a code block" would otherwise pass.
 */

export const WORD_JOINER = '\u2060';

/** The longest `<!…>` command looked at as one (a date with a link and a fallback fits). */
const MAX_COMMAND_CHARS = 200;

const COMMAND = new RegExp(`<!([^<>\\n]{0,${MAX_COMMAND_CHARS}})>`, 'g');
const OPENER = /<!(?!date\^)/g;
const PLAIN = /(^|[^A-Za-z0-9_./:@+\-=?&%#\u2060])@(here|channel|everyone)(?![A-Za-z0-9_-])/gi;
const PLAIN_NAMES = ['here', 'channel', 'everyone'];

/** `text` with every special mention made inert (see above); everything else as it was. */
export function neutraliseMentions(text: string): string {
  return neutraliseAfter('', text);
}

/** As `neutraliseMentions`, for text that follows `before` (its last character decides a plain `@here` at the start). */
function neutraliseAfter(before: string, text: string): string {
  const prefix = before.slice(-1);
  // The prefix only says what precedes `text`: an `@` that ended the previous piece is not the
  // start of a mention here (`ops@` then `here.example` is an address, not `@here`). Plain ones
  // are decided on the text as written, before `<!here>` becomes `@⁠here` (whose last letter
  // would hide a `@here` right after it).
  const plain = (whole: string, lead: string, name: string, at: number) => (at + lead.length < prefix.length ? whole : `${lead}@${WORD_JOINER}${name}`);
  return (prefix + text)
    .replace(PLAIN, plain)
    .replace(COMMAND, (whole, body: string) => (body.startsWith('date^') ? whole : inert(body)))
    .replace(OPENER, `<${WORD_JOINER}!`)
    .slice(prefix.length);
}

/** `here|here` → `@⁠here`; `subteam^S1|@team` → `@⁠team`; `subteam^S1` → `@⁠S1`. */
function inert(body: string): string {
  const bar = body.indexOf('|');
  const command = bar === -1 ? body : body.slice(0, bar);
  const label = bar === -1 ? '' : body.slice(bar + 1).replace(/^[@\u2060]+/, '');
  const [name = '', id] = command.split('^');
  const shown = name.toLowerCase() === 'subteam' ? label || id || name : name;
  return `@${WORD_JOINER}${shown}`;
}

/**
 * The same, for text that arrives in pieces (a streamed answer): `<!chan` may end one piece and
 * `nel>` start the next. What could still become a mention is held back until the next piece
 * says what it is (at most one `<!…` command's length, or a plain `@everyon`); everything
 * before it goes out at once.
 */
export class MentionFilter {
  private held = '';
  private last = '';

  /** The part of everything pushed so far that is safe to show now, neutralised. */
  push(text: string): string {
    const all = this.held + text;
    const cut = undecidedFrom(all, this.last);
    this.held = all.slice(cut);
    return this.emit(all.slice(0, cut));
  }

  /** The text ended: whatever is held goes out, neutralised as it stands. */
  end(): string {
    const rest = this.held;
    this.held = '';
    return this.emit(rest);
  }

  /** Everything pushed is void (the answer starts over). */
  reset(): void {
    this.held = '';
    this.last = '';
  }

  private emit(text: string): string {
    if (text === '') return '';
    const out = neutraliseAfter(this.last, text);
    this.last = text.slice(-1);
    return out;
  }
}

/** Where the tail of `text` that the next piece could still turn into a mention begins (`text.length`: none). */
function undecidedFrom(text: string, before: string): number {
  let cut = text.length;
  const open = text.lastIndexOf('<');
  if (open !== -1 && new RegExp(`^<(?:!(?:[^<>\\n]{0,${MAX_COMMAND_CHARS}}))?$`).test(text.slice(open))) cut = open;
  const at = text.lastIndexOf('@');
  if (at !== -1 && at < cut) {
    const word = text.slice(at + 1).toLowerCase();
    const previous = at === 0 ? before.slice(-1) : text[at - 1]!;
    const mayBeMention = previous === '' || !/[A-Za-z0-9_./:@+\-=?&%#\u2060]/.test(previous);
    if (mayBeMention && /^[a-z]*$/.test(word) && PLAIN_NAMES.some((name) => name.startsWith(word))) cut = at;
  }
  return cut;
}
