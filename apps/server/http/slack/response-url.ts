import type { Logger } from '../../../../adapters/logging/logger';

/** How long a message to a `response_url` may take: it is sent before the ack (Slack's 3 s). */
const TIMEOUT_MS = 1_250;

/**
 * Shows a message to the person who used a shortcut, through its `response_url` (Slack's
 * `https://hooks.slack.com/actions/…`, no token needed). Only Slack's hooks host, or the origin
 * of `SLACK_API_URL` (a fake in tests), is posted to, whatever a payload says. A failure is
 * logged (never the text or the URL) and swallowed: the ack does not wait on it.
 */
export function responseUrlPoster(slackApiUrl: string, logger: Logger): (responseUrl: string, text: string) => Promise<void> {
  const apiOrigin = new URL(slackApiUrl).origin;
  return async (responseUrl, text) => {
    let url: URL;
    try {
      url = new URL(responseUrl);
    } catch {
      logger.warn('Slack response_url is not a URL; nothing said');
      return;
    }
    if (!(url.protocol === 'https:' && url.hostname === 'hooks.slack.com') && url.origin !== apiOrigin) {
      logger.warn({ host: url.hostname }, 'Slack response_url is not on hooks.slack.com; nothing said');
      return;
    }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) logger.warn({ status: response.status }, 'Slack refused a message to a response_url');
      await response.body?.cancel();
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.name : 'unknown' }, 'A message to a Slack response_url failed');
    }
  };
}
