/**
 * Infrastructure failures of the chat platform, thrown by `ChatPlatform` implementations.
 * `platformCode` is the platform's own error string (e.g. Slack's `channel_not_found`), for logs.
 */
export type ChatPlatformErrorCode =
  /** Still rate limited after waiting as long as the platform asked (within limits). */
  | 'rate_limited'
  /** The token is invalid, revoked, or lacks a scope: the installation needs attention. */
  | 'not_authorized'
  /** The channel, thread, message or user does not exist (or Tomo cannot see it). */
  | 'not_found'
  /** The platform could not be reached or answered with an HTTP error. */
  | 'unavailable'
  /** Any other refusal. */
  | 'failed';

export class ChatPlatformError extends Error {
  override readonly name = 'ChatPlatformError';

  constructor(
    readonly code: ChatPlatformErrorCode,
    readonly platformCode: string | undefined,
    readonly method: string,
  ) {
    super(`Chat platform ${method}: ${code}${platformCode === undefined ? '' : ` (${platformCode})`}`);
  }
}

export function isChatPlatformError(error: unknown): error is ChatPlatformError {
  return error instanceof ChatPlatformError;
}
