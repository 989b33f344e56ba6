import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryEgressAuditLog } from '../../adapters/memory/in-memory-egress-audit-log';
import { PgEgressAuditLog } from '../../adapters/postgres/pg-egress-audit-log';
import type { EgressAuditLog, EgressAuditRecord } from '../../core/assistant/egress-audit-log.port';
import { implementations } from './support/implementations';
import { at, TEAM_A, TEAM_B } from './support/records';

const anEntry = (overrides: Partial<EgressAuditRecord> = {}): EgressAuditRecord => ({
  teamId: TEAM_A,
  memberId: 'U001',
  provider: 'openai',
  model: 'gpt-5',
  inputTokens: 1200,
  outputTokens: 300,
  sourceKinds: ['thread', 'instructions'],
  occurredAt: at(1),
  ...overrides,
});

describe.each(
  implementations<EgressAuditLog>({ memory: () => new InMemoryEgressAuditLog(), postgres: (orm) => new PgEgressAuditLog(orm) }),
)('EgressAuditLog ($name)', ({ create }) => {
  let audit: EgressAuditLog;
  beforeEach(async () => {
    audit = await create();
  });

  it('lists what left the workspace, newest first, since a moment, up to a limit', async () => {
    const fallback = anEntry({ provider: 'anthropic', model: 'claude', inputTokens: null, outputTokens: null, occurredAt: at(3) });
    const bot = anEntry({ memberId: null, sourceKinds: [], occurredAt: at(2) });
    for (const entry of [anEntry(), fallback, bot]) await audit.record(TEAM_A, entry);
    expect(await audit.list(TEAM_A)).toEqual([fallback, bot, anEntry()]);
    expect(await audit.list(TEAM_A, { since: at(2) })).toEqual([fallback, bot]);
    expect(await audit.list(TEAM_A, { limit: 1 })).toEqual([fallback]);
  });

  it('keeps the tools called and how many sources of each kind, names and counts only', async () => {
    const withTools = anEntry({
      sourceKinds: ['thread', 'web_page', 'slack_file'],
      sourceCounts: { web_page: 2, slack_file: 1 },
      toolsCalled: ['calculator', 'web_search', 'web_search'],
    });
    await audit.record(TEAM_A, withTools);
    expect(await audit.list(TEAM_A)).toEqual([withTools]);
  });

  it('keeps teams apart: team B sees none of team A entries and cannot write into them', async () => {
    await audit.record(TEAM_A, anEntry());
    expect(await audit.list(TEAM_B)).toEqual([]);
    await expect(audit.record(TEAM_B, anEntry())).rejects.toThrow(/team/);
    expect(await audit.list(TEAM_A)).toEqual([anEntry()]);
  });
});
