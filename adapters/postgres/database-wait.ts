/** Socket errors of a server that is not there (yet), or went away mid-conversation. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);
/** SQLSTATEs of a server shutting down or still starting (57P01–57P03); class 08 is "connection exception". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);

/**
 * True when `error` says PostgreSQL cannot be reached or is not accepting connections right now,
 * as node-postgres, MikroORM (which copies the driver's `code`) and Node's happy-eyeballs
 * AggregateError report it; false for everything else (bad credentials, SQL errors, a missing
 * database), which waiting would not mend.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && /^Connection terminated( unexpectedly| due to connection timeout)?$/.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

export interface DatabaseWaitOptions {
  /** How long to keep trying (DATABASE_WAIT_SECONDS); 0 tries once. */
  waitMs: number;
  warn(details: { error: string; retryInMs: number }, message: string): void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Runs `attempt` until it succeeds, retrying (0.5 s, doubling up to 5 s) while it fails because
 * PostgreSQL is not answering, for at most `waitMs`. A process started while PostgreSQL is
 * restarting, or before it in a deployment, waits for it instead of exiting. `attempt` must
 * release what it opened before it throws. Any other error, or the wait running out, is thrown,
 * the latter saying how long it waited.
 */
export async function whileDatabaseAway<T>(attempt: () => Promise<T>, options: DatabaseWaitOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = now();
  for (let delay = 500; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      const waited = now() - started;
      const text = (error instanceof Error && error.message) || String((error as { code?: unknown }).code ?? error);
      if (waited + delay > options.waitMs) {
        if (options.waitMs === 0) throw error;
        throw new Error(`PostgreSQL did not answer within ${Math.round(options.waitMs / 1000)} s (DATABASE_WAIT_SECONDS): ${text}`, { cause: error });
      }
      options.warn({ error: text, retryInMs: delay }, 'PostgreSQL is not answering yet; trying again');
      await sleep(delay);
    }
  }
}

/**
 * A write made after its answer reached Slack (the request's count, the audit line): a restart
 * or failover of PostgreSQL at that instant is waited out for up to `waitMs` (30 s by default),
 * since failing the job would have its retry ask the model again and replace the answer shown.
 * The write must be safe to repeat: a statement the outage cut off may have been applied.
 */
export function outlastingOutage<T>(write: () => Promise<T>, waitMs = 30_000): Promise<T> {
  return whileDatabaseAway(write, { waitMs, warn: () => undefined });
}
