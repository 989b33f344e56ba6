/** Slack workspace id (T…). Every workspace-owned record and every repository call is scoped by it. */
export type TeamId = string;
/** Slack user id (U… or W…); bots that use seats also have a user id starting with U. */
export type UserId = string;
/** Slack channel id (C…, G…, D…). */
export type ChannelId = string;
export type SubscriptionId = string;
