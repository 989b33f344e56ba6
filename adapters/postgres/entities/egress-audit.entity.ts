import { defineEntity, p } from '@mikro-orm/core';

// What left the workspace for an AI provider: who asked, which provider and model, token counts
// and the kinds of sources included (thread, web page, file ...). No content, ever.
export const EgressAuditEntity = defineEntity({
  name: 'EgressAudit',
  tableName: 'egress_audit_log',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    teamId: p.string().length(32),
    memberId: p.string().length(32).nullable(),
    provider: p.string().length(64),
    model: p.string().length(128),
    inputTokens: p.integer().nullable(),
    outputTokens: p.integer().nullable(),
    sourceKinds: p.array().columnType('text[]'),
    // Names and counts only: how many sources of each kind, which tools were called.
    sourceCounts: p.json<Record<string, number>>().nullable(),
    toolsCalled: p.array().columnType('text[]').nullable(),
    occurredAt: p.datetime(),
  },
  indexes: [{ name: 'egress_audit_log_team_time_index', properties: ['teamId', 'occurredAt'] }],
});
