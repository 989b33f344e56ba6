import type { AssistantThreadRecord, AssistantThreadRepository } from '../../core/assistant/assistant-thread';
import type { AutoReplyCounter } from '../../core/auto-replies/auto-reply-loop-guard';
import type { TriggerInputStash } from '../../core/triggers/trigger-input-stash.port';
import { assertSameTeam, clone } from './clone';

export class InMemoryAssistantThreadRepository implements AssistantThreadRepository {
  private readonly rows = new Map<string, AssistantThreadRecord & { titled: boolean }>();

  async find(teamId: string, channelId: string, threadTs: string): Promise<AssistantThreadRecord | null> {
    const row = this.rows.get(key(teamId, channelId, threadTs));
    if (!row) return null;
    const { titled: _titled, ...record } = row;
    return clone(record);
  }

  async save(teamId: string, record: AssistantThreadRecord): Promise<void> {
    assertSameTeam(teamId, record);
    const existing = this.rows.get(key(teamId, record.channelId, record.threadTs));
    if (existing && existing.updatedAt > record.updatedAt) return;
    this.rows.set(key(teamId, record.channelId, record.threadTs), { ...clone(record), titled: existing?.titled ?? false });
  }

  async markTitled(teamId: string, channelId: string, threadTs: string): Promise<boolean> {
    const row = this.rows.get(key(teamId, channelId, threadTs));
    if (!row || row.titled) return false;
    row.titled = true;
    return true;
  }

  async purgeBefore(before: Date): Promise<number> {
    let purged = 0;
    for (const [k, row] of this.rows) if (row.updatedAt < before && this.rows.delete(k)) purged += 1;
    return purged;
  }
}

export class InMemoryAutoReplyCounter implements AutoReplyCounter {
  private readonly counts = new Map<string, { hour: Date; count: number }>();

  async increment(teamId: string, channelId: string, threadTs: string, hour: Date): Promise<number> {
    const k = `${key(teamId, channelId, threadTs)}/${hour.toISOString()}`;
    const entry = this.counts.get(k) ?? { hour, count: 0 };
    entry.count += 1;
    this.counts.set(k, entry);
    return entry.count;
  }

  async purgeBefore(before: Date): Promise<number> {
    let purged = 0;
    for (const [k, entry] of this.counts) if (entry.hour < before && this.counts.delete(k)) purged += 1;
    return purged;
  }
}

export class InMemoryTriggerInputStash implements TriggerInputStash {
  private readonly values = new Map<string, { values: Record<string, string> | null; at: Date }>();

  async put(teamId: string, k: string, values: Readonly<Record<string, string>>, at: Date): Promise<void> {
    if (!this.values.has(`${teamId}/${k}`)) this.values.set(`${teamId}/${k}`, { values: { ...values }, at });
  }

  /** Erased when taken; the key stays (a tombstone) so a late second put stores nothing. */
  async take(teamId: string, k: string): Promise<Record<string, string> | null> {
    const entry = this.values.get(`${teamId}/${k}`);
    if (!entry) return null;
    const { values } = entry;
    entry.values = null;
    return values;
  }

  async purgeBefore(before: Date): Promise<number> {
    let purged = 0;
    for (const [k, entry] of this.values) if (entry.at < before && this.values.delete(k)) purged += 1;
    return purged;
  }
}

const key = (teamId: string, channelId: string, threadTs: string) => `${teamId}/${channelId}/${threadTs}`;
