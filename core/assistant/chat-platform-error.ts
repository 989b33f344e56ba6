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
  /**
   * The place exists but takes no message from Tomo now: a read-only channel, a thread admins
   * locked, posting turned off by admins. Trying again later meets the same refusal.
   */
  | 'cannot_post'
  /** The platform could not be reached or answered with an HTTP error. */
  | 'unavailable'
  /** Any other refusal. */
  | 'failed';

export class ChatPlatformError extends Error {
  override readonly name = 'ChatPlatformError';

  /**
   * The workspace's token itself no longer works (code `not_authorized`): the app was removed,
   * the token revoked or the workspace deleted. Unlike a missing scope, every call with it fails
   * alike until Tomo is installed again, whatever the method.
   */
  readonly tokenDead: boolean;

  constructor(
    readonly code: ChatPlatformErrorCode,
    readonly platformCode: string | undefined,
    readonly method: string,
    options: { readonly tokenDead?: boolean } = {},
  ) {
    super(`Chat platform ${method}: ${code}${platformCode === undefined ? '' : ` (${platformCode})`}`);
    this.tokenDead = code === 'not_authorized' && options.tokenDead === true;
  }
}

export function isChatPlatformError(error: unknown): error is ChatPlatformError {
  return error instanceof ChatPlatformError;
}

/**
 * Whether a failure means the workspace's token is dead (the app removed, the token revoked):
 * trying again, or saying anything more, only meets the same refusal.
 */
export function isTokenDead(error: unknown): error is ChatPlatformError {
  return isChatPlatformError(error) && error.tokenDead;
}

/**
 * Whether a failure means Tomo can no longer write where it was answering: the channel or thread
 * is gone, archived, or Tomo was removed from it (`not_found`), or the place refuses Tomo's
 * messages (`cannot_post`). A retry would meet the same refusal after asking the model again.
 */
export function isNoPlaceToAnswer(error: unknown): error is ChatPlatformError {
  return isChatPlatformError(error) && (error.code === 'not_found' || error.code === 'cannot_post');
}
