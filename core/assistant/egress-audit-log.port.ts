import type { TeamId, UserId } from '../shared/ids';

/**
 * What left the workspace for an AI provider, per answer: who asked, where it went, how
 * many tokens, and which kinds of sources were included ('thread', 'instructions',
 * 'web_page', 'file', …). Never any content.
 */
export interface EgressAuditRecord {
  readonly teamId: TeamId;
  readonly memberId: UserId | null;
  readonly provider: string;
  readonly model: string;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly sourceKinds: readonly string[];
  /** How many sources of each kind (`web_page: 2`, `slack_file: 1`); names and counts only. */
  readonly sourceCounts?: Readonly<Record<string, number>>;
  /** The tools the model called, one entry per call (`calculator`, `web_search`…). */
  readonly toolsCalled?: readonly string[];
  readonly occurredAt: Date;
}

export interface EgressAuditLog {
  record(teamId: TeamId, entry: EgressAuditRecord): Promise<void>;
  /** Newest first, at or after `since` when given, at most `limit` (default 100). */
  list(teamId: TeamId, options?: { since?: Date; limit?: number }): Promise<EgressAuditRecord[]>;
}
