import type { Clock } from '../../core/shared/clock.port';
import { ChatPlatformError } from '../../core/assistant/chat-platform-error';
import { CUT_OFF_MARK, type AnswerTarget, type AnswerWriter, type PostedAnswer } from '../../core/assistant/chat-platform.port';
import { SKIPPED_FOR_RATE_LIMIT, type SlackCall } from './slack-api-caller';
import type { SlackStreamLoad } from './slack-stream-load';
import { cutPoint } from './split-message';

export interface AnswerWriterSettings {
  /**
   * After the first words (sent as soon as there are any), text is held back until this much
   * has gathered, then sent in one append (≥ 256)...
   */
  bufferChars: number;
  /** ...or until this long has passed since the last write, whichever comes first (1 s). */
  flushIntervalMs: number;
  /** Without streaming, the posted message is edited at most once per this interval. */
  editIntervalMs: number;
  /** Longest text one message holds; longer answers continue in new messages. */
  maxMessageChars: number;
  /** The process's streaming answers: when many are, appends gather more (ADR 88). */
  load?: SlackStreamLoad | undefined;
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
}

interface OpenMessage {
  ts: string;
  sent: string;
}

/** What a restarted answer had shown, kept until the new answer's first words replace it. */
interface ReplacedAnswer {
  readonly current: OpenMessage | undefined;
  readonly finished: readonly string[];
  readonly pending: string;
}

/**
 * Writes one answer into a thread. Prefers Slack's native streaming (chat.startStream /
 * appendStream / stopStream); when the workspace or channel cannot stream, posts a message
 * and edits it as text arrives (chat.postMessage + chat.update, throttled).
 */
export class SlackAnswerWriter implements AnswerWriter {
  private mode: 'stream' | 'edit' | undefined;
  private pending = '';
  private current: OpenMessage | undefined;
  private readonly finished: string[] = [];
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private replaced: ReplacedAnswer | undefined;
  /** The current message's stream was closed by Slack: it still needs an edit to show as finished. */
  private unsealed = false;
  /**
   * Slack refused an edit with `edit_window_closed` (the workspace limits how long messages may be
   * edited): the rest of the answer goes out in new messages, each posted whole, never edited.
   */
  private editsRefused = false;

  constructor(
    private readonly call: SlackCall,
    private readonly target: AnswerTarget,
    private readonly settings: AnswerWriterSettings,
    /** Shared by one platform client: once a workspace cannot stream, stop trying. */
    private readonly streaming: { available: boolean },
  ) {
    if (!streaming.available) this.mode = 'edit';
  }

  async append(text: string): Promise<void> {
    if (this.closed) throw new Error('The answer is already finished');
    if (this.replaced !== undefined && text !== '') await this.takeBack(this.replaced);
    this.pending += text;
    if (this.mode !== 'edit') await this.pumpStream(false);
    // Not `else`: the stream may just have turned out to be unavailable.
    if (this.mode === 'edit') await this.pumpEdits(false);
  }

  /** Sends what has gathered now, whatever its size (the model paused while a tool runs). */
  async flush(): Promise<void> {
    if (this.closed || this.replaced !== undefined || this.pending.length === 0) return;
    if (this.mode !== 'edit') await this.pumpStream(false, true);
    if (this.mode === 'edit') await this.pumpEdits(false);
  }

  async finish(): Promise<PostedAnswer> {
    if (this.closed) throw new Error('The answer is already finished');
    this.closed = true;
    try {
      if (this.mode !== 'edit') await this.pumpStream(true);
      if (this.mode === 'edit') await this.pumpEdits(true);
      // Refused (the edit window closed): the streamed words stay as Slack shows them.
      if (this.unsealed && this.current !== undefined) await this.edit(this.current.sent);
    } finally {
      this.settings.load?.finished(this);
    }
    if (this.current !== undefined) this.finished.push(this.current.ts);
    this.current = undefined;
    return { messageTs: [...this.finished], delivery: this.mode === 'edit' ? 'edit' : 'stream' };
  }

  /**
   * The words so far are void. Their messages stay shown until the new answer's first words,
   * which delete them and start a new message (ADR 7, amended): a streamed message's text can only
   * grow, and Slack documents no chat.update of one, so the new answer streams afresh.
   */
  async restart(): Promise<void> {
    if (this.closed) throw new Error('The answer is already finished');
    // A second restart before new words: the messages shown are still the first answer's.
    if (this.replaced === undefined && (this.current !== undefined || this.finished.length > 0)) {
      this.replaced = { current: this.current, finished: [...this.finished], pending: this.pending };
    }
    this.current = undefined;
    this.unsealed = false;
    this.finished.length = 0;
    this.pending = '';
    this.lastWriteAt = Number.NEGATIVE_INFINITY;
  }

  /** What is shown stays, ended with a cut-off mark, its stream stopped (or its last edit made). */
  async interrupt(): Promise<void> {
    if (this.closed) return;
    const shown = this.replaced;
    if (shown !== undefined) {
      this.replaced = undefined;
      this.current = shown.current;
      this.finished.push(...shown.finished);
      this.pending = shown.pending;
    }
    if (this.current === undefined && this.finished.length === 0 && this.pending === '') {
      this.closed = true;
      this.settings.load?.finished(this);
      return;
    }
    this.pending += CUT_OFF_MARK;
    await this.finish();
  }

  /** Deletes a restarted answer's messages, a stream stopped first, before the new answer's first words. */
  private async takeBack(shown: ReplacedAnswer): Promise<void> {
    this.replaced = undefined;
    const channel = this.target.thread.channelId;
    // Already stopped (by the person, or by Slack) or already deleted: it goes all the same.
    const gone = (error: unknown) => error instanceof ChatPlatformError && (error.code === 'not_found' || error.code === 'failed');
    if (shown.current !== undefined && this.mode === 'stream') {
      await this.call('chat.stopStream', { channel, ts: shown.current.ts }).catch((error: unknown) => {
        if (!gone(error)) throw error;
      });
    }
    for (const ts of [...shown.finished, ...(shown.current === undefined ? [] : [shown.current.ts])]) {
      await this.call('chat.delete', { channel, ts }).catch((error: unknown) => {
        if (!(error instanceof ChatPlatformError && error.code === 'not_found')) throw error;
      });
    }
  }

  // ---- native streaming ---------------------------------------------------------------

  /** `now`: what is pending goes out at once, whatever the batch rules say (flush). */
  private async pumpStream(final: boolean, now = false): Promise<void> {
    while (this.mode !== 'edit') {
      const room = this.settings.maxMessageChars - (this.current?.sent.length ?? 0);
      const overflow = this.pending.length > room;
      if (!overflow && !final && !(now && this.pending.length > 0) && !this.writeNow()) return;
      if (!overflow && final) {
        // The tail goes out with the stop, saving one call.
        if (this.current === undefined && this.pending.length === 0) return;
        if (this.current === undefined && !(await this.startStream(this.takePending(this.pending.length)))) continue;
        // A stream Slack had closed leaves the tail in `pending`, for the edits (finish) to carry.
        await this.stopStream(this.takePending(this.pending.length));
        return;
      }
      const piece = this.takePending(overflow ? cutPoint(this.pending, room) : this.pending.length);
      if (this.current === undefined) {
        if (!(await this.startStream(piece))) continue;
        if (overflow && !(await this.stopStream(''))) return;
      } else if (overflow) {
        // A full message's last piece goes out with its stop.
        if (!(await this.stopStream(piece))) return;
      } else if (piece.length > 0 && !(await this.appendStream(piece))) {
        return;
      }
      if (overflow) this.pending = this.pending.trimStart();
    }
  }

  /**
   * False when the workspace's append allowance is spent for now: the text goes back to
   * `pending`, for the next append or the stop to carry.
   */
  private async appendStream(piece: string): Promise<boolean> {
    const current = this.current!;
    try {
      await this.call('chat.appendStream', { channel: this.target.thread.channelId, ts: current.ts, markdown_text: piece });
    } catch (error) {
      if (streamClosed(error)) {
        this.continueEdited(piece);
        return false;
      }
      if (!(error instanceof ChatPlatformError && error.platformCode === SKIPPED_FOR_RATE_LIMIT)) throw error;
      this.pending = piece + this.pending;
      return false;
    }
    current.sent += piece;
    this.wrote();
    return true;
  }

  /** False when streaming turned out to be unavailable (the text is back in `pending`). */
  private async startStream(text: string): Promise<boolean> {
    const { thread, recipientUserId, recipientTeamId, appearance } = this.target;
    try {
      const result = await this.call('chat.startStream', {
        channel: thread.channelId,
        thread_ts: thread.threadTs,
        recipient_user_id: recipientUserId,
        ...(recipientTeamId === undefined ? {} : { recipient_team_id: recipientTeamId }),
        ...(text === '' ? {} : { markdown_text: text }),
        ...(appearance?.username ? { username: appearance.username } : {}),
        ...(appearance?.iconUrl ? { icon_url: appearance.iconUrl } : {}),
      });
      this.mode = 'stream';
      this.current = { ts: tsOf(result), sent: text };
      this.wrote();
      return true;
    } catch (error) {
      if (!streamingUnavailable(error) || this.mode === 'stream') throw error;
      this.streaming.available = false;
      this.mode = 'edit';
      this.pending = text + this.pending;
      return false;
    }
  }

  /** False when Slack had closed the stream already: the text is back in `pending`, for edits to carry. */
  private async stopStream(text: string): Promise<boolean> {
    const current = this.current!;
    try {
      await this.call('chat.stopStream', {
        channel: this.target.thread.channelId,
        ts: current.ts,
        ...(text === '' ? {} : { markdown_text: text }),
      });
    } catch (error) {
      if (!streamClosed(error)) throw error;
      this.continueEdited(text);
      return false;
    }
    current.sent += text;
    this.finished.push(current.ts);
    this.current = undefined;
    return true;
  }

  /**
   * Slack closed the current message's stream (about five minutes after it started, however
   * lively; undocumented, slackapi/python-slack-sdk#1859): it shows what was streamed, unfinished.
   * The rest of the answer goes into the same message by chat.update, the recovery Slack's SDK
   * maintainers give (#1880), and on as the post-and-edit fallback writes (new messages past the
   * length limit). Only this answer stops streaming.
   */
  private continueEdited(unsent: string): void {
    this.pending = unsent + this.pending;
    this.mode = 'edit';
    this.unsealed = true;
  }

  // ---- post + edit fallback -----------------------------------------------------------

  private async pumpEdits(final: boolean): Promise<void> {
    while (this.pending.length > 0) {
      if (this.current === undefined) {
        if (!final && !this.isFirstWrite() && this.pending.length < this.settings.bufferChars) return;
        const overflow = this.pending.length > this.settings.maxMessageChars;
        // No edits any more: a message goes out once it is full, or with the answer's end.
        if (this.editsRefused && !final && !overflow) return;
        const piece = this.takePending(overflow ? cutPoint(this.pending, this.settings.maxMessageChars) : this.pending.length);
        const result = await this.call('chat.postMessage', this.postArgs(piece));
        this.lastWriteAt = this.settings.clock.now().getTime();
        this.current = { ts: tsOf(result), sent: piece };
        if (overflow || this.editsRefused) this.closeEdited();
        continue;
      }
      const wait = this.lastWriteAt + this.settings.editIntervalMs - this.settings.clock.now().getTime();
      if (wait > 0) {
        if (!final) return;
        await this.settings.sleep(wait);
      }
      const room = this.settings.maxMessageChars - this.current.sent.length;
      const overflow = this.pending.length > room;
      const piece = this.takePending(overflow ? cutPoint(this.pending, room) : this.pending.length);
      if (piece.length > 0 || (overflow && this.unsealed)) {
        if (!(await this.edit(this.current.sent + piece))) {
          // The message keeps what it shows; the piece starts the next one.
          this.pending = piece + this.pending;
          this.closeEdited();
          continue;
        }
        this.current.sent += piece;
      }
      if (overflow) this.closeEdited();
    }
  }

  /**
   * Whether the pending text goes out now: the first words at once (a person sees the answer
   * start within a round trip of the model's first token), then batches of `bufferChars`, or
   * whatever has gathered once `flushIntervalMs` has passed since the last write; both larger
   * while the process streams many answers (`load`).
   */
  private writeNow(): boolean {
    if (this.pending.length === 0) return false;
    if (this.isFirstWrite()) return true;
    const now = this.settings.clock.now().getTime();
    const batch = this.settings.load?.batch(this.settings, now) ?? this.settings;
    if (this.pending.length >= batch.bufferChars) return true;
    return this.current !== undefined && now - this.lastWriteAt >= batch.flushIntervalMs;
  }

  /** A stream write went out: the batch's clock starts again, and the process counts this answer as streaming. */
  private wrote(): void {
    this.lastWriteAt = this.settings.clock.now().getTime();
    this.settings.load?.wrote(this, this.lastWriteAt);
  }

  private isFirstWrite(): boolean {
    return this.current === undefined && this.finished.length === 0;
  }

  private closeEdited(): void {
    this.finished.push(this.current!.ts);
    this.current = undefined;
    this.pending = this.pending.trimStart();
  }

  /**
   * chat.update of the current message with its whole text (a closed stream's edit finishes it
   * too). False when Slack refuses with `edit_window_closed`, one of chat.update's documented
   * errors: the workspace lets messages be edited only for a while (its admins choose from "any
   * time" to "never"), and a slow answer, or a stream Slack closed after five minutes, outlives
   * it. Before, the job failed there: the error message under half an answer, then a retry that
   * took it back and asked the model again.
   */
  private async edit(text: string): Promise<boolean> {
    try {
      await this.call('chat.update', { channel: this.target.thread.channelId, ts: this.current!.ts, markdown_text: text });
    } catch (error) {
      if (!(error instanceof ChatPlatformError && error.platformCode === 'edit_window_closed')) throw error;
      this.editsRefused = true;
      this.unsealed = false;
      return false;
    }
    this.lastWriteAt = this.settings.clock.now().getTime();
    this.unsealed = false;
    return true;
  }

  private postArgs(text: string): Record<string, unknown> {
    const { thread, appearance } = this.target;
    return {
      channel: thread.channelId,
      thread_ts: thread.threadTs,
      markdown_text: text,
      ...(appearance?.username ? { username: appearance.username } : {}),
      ...(appearance?.iconUrl ? { icon_url: appearance.iconUrl } : {}),
    };
  }

  private takePending(length: number): string {
    const piece = this.pending.slice(0, length);
    this.pending = this.pending.slice(length);
    return piece;
  }
}

/**
 * chat.startStream refusing for a reason other than access (unknown method on an older
 * Slack, streaming not enabled for the app, a channel type that cannot stream): post and
 * edit instead. Token, rate-limit and transport failures are real failures.
 */
function streamingUnavailable(error: unknown): boolean {
  return error instanceof ChatPlatformError && (error.code === 'failed' || error.platformCode === 'not_allowed_token_type');
}

/** Slack closed the stream on its own (its lifetime passed): `message_not_in_streaming_state`. */
function streamClosed(error: unknown): boolean {
  return error instanceof ChatPlatformError && error.platformCode === 'message_not_in_streaming_state';
}

function tsOf(result: object): string {
  const ts = (result as { ts?: unknown }).ts;
  if (typeof ts !== 'string') throw new ChatPlatformError('failed', 'missing_ts', 'chat');
  return ts;
}
