import type { UserId } from '../shared/ids';

/** Who is acting, as established from the session and the member's Slack flags (see isAdmin). */
export interface Actor {
  readonly userId: UserId;
  readonly isAdmin: boolean;
}
