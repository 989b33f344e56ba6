import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a request was accepted or not; everything but `valid` means 401 and nothing enqueued. */
export type SlackSignatureVerdict =
  /** Signed with our signing secret within the window. */
  | 'valid'
  /** No `X-Slack-Signature` or no `X-Slack-Request-Timestamp` header. */
  | 'missing'
  /** A header is present but not of the documented shape (`v0=` + 64 hex; integer seconds). */
  | 'malformed'
  /** The timestamp is more than the window away from now (a replay, or a skewed clock). */
  | 'stale'
  /** Well-formed, fresh, and wrong. */
  | 'mismatch';

export interface VerifySlackSignatureInput {
  signingSecret: string;
  /** The raw request body exactly as received, before any parsing. */
  body: string | Uint8Array;
  /** `X-Slack-Request-Timestamp`. */
  timestamp: string | undefined;
  /** `X-Slack-Signature`. */
  signature: string | undefined;
  now: Date;
  /** Default 300 s, Slack's recommendation. */
  windowSeconds?: number;
}

const SIGNATURE = /^v0=[0-9a-f]{64}$/;
const TIMESTAMP = /^\d{1,12}$/;

/**
 * Slack's v0 request signing: HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing
 * secret, hex, prefixed `v0=`. Compared in constant time; the timestamp window stops replays.
 */
export function verifySlackSignature(input: VerifySlackSignatureInput): SlackSignatureVerdict {
  const { signature, timestamp } = input;
  if (signature === undefined || signature === '' || timestamp === undefined || timestamp === '') return 'missing';
  if (!SIGNATURE.test(signature) || !TIMESTAMP.test(timestamp)) return 'malformed';
  const ageSeconds = Math.abs(Math.floor(input.now.getTime() / 1000) - Number(timestamp));
  if (ageSeconds > (input.windowSeconds ?? 300)) return 'stale';
  const expected = signSlackRequest(input.signingSecret, timestamp, input.body);
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? 'valid' : 'mismatch';
}

/** The `X-Slack-Signature` Slack would send; also what tests and benchmarks sign with. */
export function signSlackRequest(signingSecret: string, timestamp: string, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', signingSecret);
  hmac.update(`v0:${timestamp}:`);
  hmac.update(body);
  return `v0=${hmac.digest('hex')}`;
}
