import type { MessageRef } from '../assistant/chat-platform.port';
import { unescapeSlackEntities } from '../shared/slack-escapes';
import { ReaderError, type Reader } from './reader';

/**
 * A Slack permalink (`https://acme.slack.com/archives/C123/p1700000000000100`, with
 * `?thread_ts=` for a reply) as the message it points to.
 */
export function slackPermalink(url: string): MessageRef | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || !/(^|\.)slack\.com$/i.test(parsed.hostname)) return undefined;
  const match = /^\/archives\/([CDG][A-Z0-9]{2,})\/p(\d{10})(\d{6})\/?$/.exec(parsed.pathname);
  if (match === null) return undefined;
  const threadTs = parsed.searchParams.get('thread_ts');
  const ts = `${match[2]}.${match[3]}`;
  return {
    channelId: match[1]!,
    ts,
    ...(threadTs !== null && /^\d{10}\.\d{6}$/.test(threadTs) && threadTs !== ts ? { threadTs } : {}),
  };
}

/** Links to Slack messages Tomo can read, shown only when the asker could read them too. */
export function slackMessageReader(): Reader {
  return {
    kind: 'slack_message',
    counts: 'link',
    accepts: (source) => source.type === 'link' && slackPermalink(source.url) !== undefined,
    status: () => ({ code: 'reading_message' }),
    async read(source, context) {
      const ref = source.type === 'link' ? slackPermalink(source.url) : undefined;
      if (ref === undefined || context.platform.readLinkedMessage === undefined) throw new ReaderError('unsupported');
      const message = await context.platform.readLinkedMessage(ref, context.userId);
      // Missing and not-yours read the same, so a link cannot probe private channels.
      if (message === undefined) throw new ReaderError('not_found');
      // A private channel's or DM's message is the asker's to see, not the whole conversation's
      // the answer goes to (unless it is that very conversation): it makes the answer private,
      // and where only a public answer is possible it is not read at all.
      const restricted = message.restricted === true && ref.channelId !== context.channelId;
      if (restricted && context.privateAllowed === false) throw new ReaderError('not_found');
      const author = message.userId === undefined ? '' : `<@${message.userId}>: `;
      return {
        title: `Slack message in <#${ref.channelId}>`,
        text: `${author}${unescapeSlackEntities(message.text)}`,
        url: source.type === 'link' ? source.url : undefined,
        ...(restricted ? { restricted: true } : {}),
      };
    },
  };
}
