/** A Web API error: HTTP 200 with `{ ok: false, error }`, as Slack does. */
export class SlackMethodError extends Error {
  constructor(readonly error: string) {
    super(error);
  }
}
