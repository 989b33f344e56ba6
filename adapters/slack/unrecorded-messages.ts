import { createHash } from 'node:crypto';
import type { WebAPICallResult } from '@slack/web-api';
import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import type { Delivered, JobAttemptContext } from '../queue/job-context';

type Delivery = NonNullable<JobAttemptContext['delivery']>;
type Call = (method: string, args: Record<string, unknown>) => Promise<WebAPICallResult>;

/** The metadata `event_type` of a message posted inside a delivery (ADR 84). */
export const DELIVERY_EVENT_TYPE = 'tomo_delivery';
/** The metadata `event_type` of any other message Tomo posts. */
export const MESSAGE_EVENT_TYPE = 'tomo_message';

/**
 * The message metadata that names the delivery a message belongs to: a digest of the
 * delivery's key (Slack shows metadata to every app and member of the workspace, and the key
 * is nobody's business there).
 */
export function deliveryMetadata(key: string | undefined): { event_type: string; event_payload: Record<string, string> } {
  if (key === undefined) return { event_type: MESSAGE_EVENT_TYPE, event_payload: { app: 'tomo' } };
  return { event_type: DELIVERY_EVENT_TYPE, event_payload: { delivery: deliveryTag(key) } };
}

function deliveryTag(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/** How far Slack's clock (message timestamps) may be ahead of or behind this machine's. */
const CLOCK_SKEW_MS = 10_000;
/**
 * A thread Tomo can never read (a scope missing, the channel gone or left) has nothing to take
 * back: the attempt goes on. Any other failure (Slack slow, away or limiting) fails the attempt,
 * to be retried: going on would answer beside what the interrupted attempt left, and an
 * overloaded Slack is exactly when a timed-out post may have reached it.
 */
const CANNOT_READ: ReadonlySet<ChatPlatformError['code']> = new Set(['not_authorized', 'not_found']);
/** A thread's pages read at most (200 messages each): an answer's thread is far shorter. */
const MAX_PAGES = 5;

interface ListedMessage {
  ts?: string;
  user?: string;
  bot_id?: string;
  files?: { id?: string }[];
  metadata?: { event_type?: string; event_payload?: { delivery?: unknown } };
}

/**
 * What an interrupted attempt of a taken-over delivery posted but did not live to record
 * (ADR 84): the delivery record learns a message one round trip after Slack posted it, and
 * a SIGKILL in that instant leaves it unknown. Read from where this attempt is about to
 * speak (`channel` and `thread`, or the channel alone), since `since` minus the clock skew; Tomo's own messages
 * there are the interrupted attempt's when:
 * - their metadata names this delivery (every message Tomo posts carries metadata), or
 * - they carry none (a stream not yet stopped: its metadata comes with chat.stopStream; or an
 *   uploaded file's message), and no other delivery has recorded them (another question's
 *   answer in the same thread, still being written, or its images).
 * A file's message is taken back with its file. A channel Tomo cannot read has nothing to
 * take back; Slack failing to answer the read fails the attempt (CANNOT_READ).
 */
export async function unrecordedMessages(
  call: Call,
  delivery: Delivery,
  channel: string | undefined,
  thread: string | undefined,
): Promise<Delivered[]> {
  const takeover = delivery.takeover;
  // A DM addressed by user id, or a workflow step's completion, has no history to read here.
  if (takeover === undefined || channel === undefined || !/^[CDG]/.test(channel)) return [];
  const oldest = (takeover.since.getTime() - CLOCK_SKEW_MS) / 1000;
  let listed: ListedMessage[];
  let me: { user_id?: string; bot_id?: string };
  try {
    me = (await call('auth.test', {})) as typeof me;
    listed = await listSince(call, channel, thread, oldest.toFixed(6));
  } catch (error) {
    if (!(error instanceof ChatPlatformError)) throw error;
    if (CANNOT_READ.has(error.code)) return [];
    // Whatever Slack said, the attempt could not look: not a sign that streaming or posting is unavailable.
    throw new ChatPlatformError('unavailable', error.platformCode, error.method);
  }
  const tag = deliveryTag(delivery.key);
  const mine: Delivered[] = [];
  const untagged: Delivered[] = [];
  for (const message of listed) {
    const ours = (me.bot_id !== undefined && message.bot_id === me.bot_id) || (me.user_id !== undefined && message.user === me.user_id);
    // conversations.replies lists the thread's parent whatever `oldest` says.
    if (!ours || message.ts === undefined || Number(message.ts) < oldest) continue;
    const files = (message.files ?? []).flatMap((file) => (typeof file.id === 'string' ? [{ channel, file: file.id }] : []));
    const items: Delivered[] = files.length > 0 ? files : [{ channel, ts: message.ts }];
    if (message.metadata === undefined || message.metadata === null) untagged.push(...items);
    else if (message.metadata.event_type === DELIVERY_EVENT_TYPE && message.metadata.event_payload?.delivery === tag) mine.push(...items);
  }
  const elsewhere = new Set((await takeover.heldElsewhere(untagged)).map(identity));
  const known = new Set(delivery.leftovers.map(identity));
  return [...mine, ...untagged.filter((item) => !elsewhere.has(identity(item)))].filter((item) => !known.has(identity(item)));
}

async function listSince(call: Call, channel: string, thread: string | undefined, oldest: string): Promise<ListedMessage[]> {
  const messages: ListedMessage[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = (await call(thread === undefined ? 'conversations.history' : 'conversations.replies', {
      channel,
      ...(thread === undefined ? {} : { ts: thread }),
      oldest,
      include_all_metadata: true,
      limit: 200,
      ...(cursor === undefined ? {} : { cursor }),
    })) as { messages?: ListedMessage[]; response_metadata?: { next_cursor?: string } };
    messages.push(...(result.messages ?? []));
    cursor = result.response_metadata?.next_cursor || undefined;
    if (cursor === undefined) break;
  }
  return messages;
}

function identity(item: Delivered): string {
  return 'ts' in item ? `${item.channel}/${item.ts}` : `${item.channel}#${item.file}`;
}
