import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

/** A message Tomo posted while working on a job (its channel and ts). */
export interface DeliveredMessage {
  readonly channel: string;
  readonly ts: string;
}

/** A file Tomo uploaded and shared in a channel while working on a job (generated images). */
export interface DeliveredFile {
  readonly channel: string;
  readonly file: string;
}

/** What an attempt left in Slack: messages, and files shared by an upload (ADR 38). */
export type Delivered = DeliveredMessage | DeliveredFile;

/**
 * The nth notice shown to one person only (an ephemeral refusal) in a delivery: recorded before
 * it is posted, since Slack cannot take it back; a retry does not show it again.
 */
export interface ShownEphemeral {
  readonly channel: string;
  /** Whom it was shown to. */
  readonly ephemeral: string;
  readonly nth: number;
}

/**
 * What one attempt of a delivering job (an answer, a workflow step, a summary…) knows about
 * its delivery record (ADR 33). The queue dispatcher opens it with the attempt number; the
 * trigger's claim (PostgreSQL) fills in the record's callbacks; the Slack caller reports each
 * message it posts, and removes what an earlier, interrupted attempt left, before the first
 * message of this one. Outside a job there is no context and nothing is recorded.
 */
export interface JobAttemptContext {
  /** pg-boss's retry count: 0 for the first attempt. */
  readonly attempt: number;
  /**
   * The job's id: only a later attempt of the same job takes its delivery over. Another job
   * with the same key (two people's same emoji on a message) is a duplicate, whatever its attempt.
   */
  readonly jobId?: string;
  /** Retries pg-boss still makes if this attempt fails (its retry limit less its retry count; 0: the last). */
  readonly retriesLeft?: number;
  /** Handed back at shutdown: another worker owns the job now, so this attempt says nothing more in Slack. */
  abandoned?: boolean;
  /** How many records of each purpose this attempt has written (see `deliveryRecordId`). */
  recorded?: Map<string, number>;
  /** Set once the job's claim is taken (the first claim of the attempt). */
  delivery?: {
    readonly key: string;
    /** When the delivery's first attempt claimed it (a takeover keeps that time). */
    readonly firstClaimedAt?: Date;
    /** Messages and files an interrupted earlier attempt posted: deleted before this attempt posts. */
    leftovers: Delivered[];
    /**
     * Set when this attempt took the record over from an interrupted one, which may have
     * posted a message in the instant before recording it (ADR 84): the Slack caller looks for
     * such messages in the thread before this attempt says anything.
     */
    takeover?: DeliveryTakeover;
    /** Ephemeral notices an earlier attempt of the delivery posted, or was posting when it died. */
    shown?: ShownEphemeral[];
    record(item: Delivered | ShownEphemeral): Promise<void>;
    /** Takes an ephemeral's record back: Slack refused it, so nothing was shown. */
    forget?(item: ShownEphemeral): Promise<void>;
    /** The delivery is whole (the job succeeded, or a workflow step was completed). */
    finish(): Promise<void>;
    /** Runs `task` once the delivery is whole (erasing what a retry would still need until then). */
    whenFinished?(task: () => Promise<unknown>): void;
  };
}

/** What a takeover knows to look for its interrupted attempt's unrecorded messages (ADR 84). */
export interface DeliveryTakeover {
  /** When the first attempt claimed the delivery: nothing of it was posted before. */
  readonly since: Date;
  /** Of these, what another delivery has recorded (its, not this one's). */
  heldElsewhere(items: Delivered[]): Promise<Delivered[]>;
}

export const jobAttempts = new AsyncLocalStorage<JobAttemptContext>();

/** An attempt still working after a later attempt of its job took the delivery over. */
export class DeliveryTakenOverError extends Error {
  override name = 'DeliveryTakenOverError';
  constructor(key: string, attempt: number) {
    super(`delivery ${key} was taken over by a later attempt than ${attempt}`);
  }
}

export function currentJobAttempt(): JobAttemptContext | undefined {
  return jobAttempts.getStore();
}

/**
 * An id that every attempt of the same delivery gives its nth record of `purpose` (usage, an
 * image generation): a retry's record lands on the dead attempt's row instead of beside it, so
 * it is counted once. Undefined outside a delivery (the caller keeps its own id).
 */
export function deliveryRecordId(purpose: string, options: { readonly peek?: boolean } = {}): string | undefined {
  const attempt = currentJobAttempt();
  const key = attempt?.delivery?.key;
  if (attempt === undefined || key === undefined) return undefined;
  const recorded = (attempt.recorded ??= new Map());
  const nth = (recorded.get(purpose) ?? 0) + 1;
  // peek: the id the next record will get, without counting it (a reservation made for it).
  if (options.peek !== true) recorded.set(purpose, nth);
  return `delivery_${createHash('sha256').update(`${key}\n${purpose}\n${nth}`).digest('base64url')}`;
}
