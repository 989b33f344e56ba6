import type { BotEntry } from '../workspace/bots';
import { UNKNOWN_BOT_NAME } from '../workspace/bots';
import type { AutoReplySettingRecord } from './auto-reply-setting';

/** An Auto replies page row: a configurable bot with its saved setting, or defaults (off). */
export interface AutoReplyRow {
  readonly botUserId: string;
  readonly botName: string;
  readonly instruction: string;
  readonly enabled: boolean;
  readonly updatedBy: string | null;
  readonly updatedAt: Date | null;
}

/**
 * Every configurable bot (see listBots) plus bots saved earlier that are gone from the
 * workspace, shown as 'Unknown Bot'.
 */
export function autoReplyRows(bots: readonly BotEntry[], saved: readonly AutoReplySettingRecord[]): AutoReplyRow[] {
  const rows: AutoReplyRow[] = bots.map((bot) => {
    const setting = saved.find((s) => s.botUserId === bot.id);
    return {
      botUserId: bot.id,
      botName: bot.name,
      instruction: setting?.instruction ?? '',
      enabled: setting?.enabled ?? false,
      updatedBy: setting?.updatedBy ?? null,
      updatedAt: setting?.updatedAt ?? null,
    };
  });
  for (const setting of saved) {
    if (bots.some((b) => b.id === setting.botUserId)) continue;
    rows.push({
      botUserId: setting.botUserId,
      botName: UNKNOWN_BOT_NAME,
      instruction: setting.instruction,
      enabled: setting.enabled,
      updatedBy: setting.updatedBy,
      updatedAt: setting.updatedAt,
    });
  }
  return rows;
}
