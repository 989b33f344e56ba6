import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { parseLocalTime } from '../../../../../../core/schedules/local-time';
import { searchByChannelName, validateLookbackDays } from '../../../../../../core/schedules/schedule-rules';
import { LoadState } from '../../../components/settings/load-state';
import { ActionStatus, SettingsPage } from '../../../components/settings/settings-page';
import { SettingsTable } from '../../../components/settings/settings-table';
import { Switch } from '../../../components/settings/switch';
import { UnsavedChangesGuard } from '../../../components/settings/unsaved-changes-guard';
import { showDate } from '../../../lib/settings/dates';
import { useAction } from '../../../lib/settings/use-action';
import { useResource } from '../../../lib/settings/use-resource';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { getSchedules, type ScheduleRowView } from '../api/get-schedules';
import { saveSchedule } from '../api/save-schedule';

type Draft = { isSummaryEnabled: boolean; localTime: string; lookbackDays: string };
/** A row's messages from its own check, by field; shown next to the field. */
type RowErrors = { localTime?: string; lookbackDays?: string };
const inputId = (channelId: string, field: keyof RowErrors) => `schedule-${channelId}-${field}`;
const sameDraft = (a: Draft, b: Draft) => a.isSummaryEnabled === b.isSummaryEnabled && a.localTime.trim() === b.localTime.trim() && a.lookbackDays.trim() === b.lookbackDays.trim();

/** /settings/schedules: a daily channel summary at a local time, looking back some days. */
export function SchedulesPage() {
  const { t, m, locale } = useSettingsText();
  const list = useResource(getSchedules, []);
  const action = useAction();
  const [query, setQuery] = useState('');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [invalid, setInvalid] = useState<Record<string, RowErrors>>({});
  /** The channel whose row was saved last: a refusal naming one of its fields is shown there. */
  const [savedFrom, setSavedFrom] = useState<string | null>(null);
  /** Each row's saved updatedAt as last shown: tells a reload's changed rows from the others. */
  const shown = useRef(new Map<string, string | null>());
  const data = list.data;
  // The browser's Date#getTimezoneOffset(): what the server needs to store the time in UTC.
  const offset = new Date().getTimezoneOffset();
  // The browser's IANA time zone: the schedule keeps its local time there across daylight saving.
  const timeZone = browserTimeZone();

  /** The zone a saved row keeps its local time in, when it is not this browser's. */
  const keptZone = (row: ScheduleRowView): string | null =>
    row.startTimeUtc !== null && row.timeZone && row.localTime && row.timeZone !== timeZone ? row.timeZone : null;
  /** A row's saved setting as its inputs show it. */
  const savedDraft = (row: ScheduleRowView, defaults: { localTime: string }): Draft => {
    const toLocal = () => {
      if (row.startTimeUtc === null) return defaults.localTime;
      // Kept in this browser's zone: its saved local time, whatever the offset is today.
      if (row.timeZone && row.timeZone === timeZone && row.localTime) return row.localTime;
      // Kept in another zone: the time it next runs at, here (its UTC time saved may be an hour
      // off today, once that zone's daylight saving changed).
      return row.nextRunAt ? hoursAndMinutes(new Date(row.nextRunAt)) : row.startTimeUtc;
    };
    return { isSummaryEnabled: row.isSummaryEnabled, localTime: toLocal(), lookbackDays: String(row.lookbackDays) };
  };
  // Typed but not saved in any row: leaving the page asks first.
  const unsaved = data !== undefined && data.rows.some((row) => {
    const draft = drafts[row.channelId];
    return draft !== undefined && !sameDraft(draft, savedDraft(row, data.defaults));
  });

  useEffect(() => {
    if (!data) return;
    // Saving one row reloads every row: a row whose saved setting did not change keeps what is
    // being typed in it (and its message), so unsaved edits of other channels are not lost.
    const before = shown.current;
    const kept = (row: ScheduleRowView) => before.get(row.channelId) === (row.updatedAt ?? null);
    shown.current = new Map(data.rows.map((row) => [row.channelId, row.updatedAt ?? null]));
    setDrafts((previous) =>
      Object.fromEntries(
        data.rows.map((row) => [
          row.channelId,
          (kept(row) ? previous[row.channelId] : undefined) ?? savedDraft(row, data.defaults),
        ]),
      ),
    );
    setInvalid((previous) => Object.fromEntries(Object.entries(previous).filter(([channelId]) => data.rows.some((row) => row.channelId === channelId && kept(row)))));
  }, [data, timeZone]);

  const save = (row: ScheduleRowView) => {
    const draft = drafts[row.channelId];
    if (!draft || action.busy) return;
    // The row checks itself as the server would, so its messages appear next to its fields.
    const time = parseLocalTime(draft.localTime);
    const lookback = validateLookbackDays(draft.lookbackDays.trim() === '' ? Number.NaN : Number(draft.lookbackDays));
    const errors: RowErrors = {
      ...(time.ok ? {} : { localTime: m(time.error.code) }),
      ...(lookback.ok ? {} : { lookbackDays: m(lookback.error.code, lookback.error.params) }),
    };
    setInvalid((all) => ({ ...all, [row.channelId]: errors }));
    if (!time.ok || !lookback.ok) {
      // An earlier save's failure no longer applies: only this row's messages are shown.
      action.setError(null);
      // Focus goes to the first field to correct, which reads its message (aria-describedby).
      document.getElementById(inputId(row.channelId, time.ok ? 'lookbackDays' : 'localTime'))?.focus();
      return;
    }
    setSavedFrom(row.channelId);
    // A row kept in another zone whose time was left as shown keeps that zone and its local time
    // there: saving only the lookback days or the switch does not move the schedule to this
    // browser's zone (whose daylight saving would then apply). A time typed here is this zone's.
    const zoneKept = keptZone(row) !== null && draft.localTime.trim() === savedDraft(row, data!.defaults).localTime;
    void action.run(
      'UI.SAVING',
      () =>
        saveSchedule(row.channelId, {
          isSummaryEnabled: draft.isSummaryEnabled,
          localTime: zoneKept ? row.localTime! : draft.localTime,
          timezoneOffsetMinutes: offset,
          ...(zoneKept ? { timeZone: row.timeZone! } : timeZone ? { timeZone } : {}),
          lookbackDays: lookback.value,
        }),
      list.reload,
    );
  };

  // A refusal of the server about the saved row's time or lookback days, shown at that field.
  const refusedField: keyof RowErrors | null = action.errorField === 'localTime' || action.errorField === 'lookbackDays' ? action.errorField : null;
  const refusal = refusedField && action.error && savedFrom && data?.rows.some((row) => row.channelId === savedFrom) ? { channelId: savedFrom, field: refusedField, message: action.error } : null;
  useEffect(() => {
    if (refusal) document.getElementById(inputId(refusal.channelId, refusal.field))?.focus();
  }, [refusal?.channelId, refusal?.field, refusal?.message]);

  const rows = data ? searchByChannelName(data.rows, query) : [];
  return (
    <SettingsPage title={t('schedules.title')} lead={t('schedules.lead')}>
      <label className="settings-field">
        <span className="visually-hidden">{m('UI.SEARCH_BY_CHANNEL_NAME')}</span>
        <input type="search" className="settings-input" value={query} placeholder={m('UI.SEARCH_BY_CHANNEL_NAME')} aria-label={m('UI.SEARCH_BY_CHANNEL_NAME')} onChange={(event) => setQuery(event.target.value)} />
      </label>
      <LoadState state={list} hasData={data !== undefined} empty={data !== undefined && rows.length === 0} />
      {rows.length > 0 ? (
        <SettingsTable
          label={t('schedules.title')}
          columns={[
            t('common.number'),
            t('schedules.columns.channelId'),
            t('schedules.columns.channelName'),
            t('schedules.columns.summary'),
            t('schedules.columns.localTime'),
            t('schedules.columns.lookbackDays'),
            t('common.updatedAt'),
            t('actions.save'),
          ]}
        >
          {rows.map((row) => {
            const draft = drafts[row.channelId];
            if (!draft) return null;
            const set = (next: Partial<Draft>) => setDrafts((all) => ({ ...all, [row.channelId]: { ...draft, ...next } }));
            const errors: RowErrors = { ...(refusal?.channelId === row.channelId ? { [refusal.field]: refusal.message } : {}), ...invalid[row.channelId] };
            const errorId = (field: keyof RowErrors) => `schedule-${row.channelId}-${field}-error`;
            const otherZone = keptZone(row);
            const zoneHintId = `schedule-${row.channelId}-zone`;
            // Enter in a row's inputs saves that row, as a form would (not while an IME composes).
            const saveOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              event.preventDefault();
              save(row);
            };
            return (
              <tr key={row.channelId} data-channel={row.channelId}>
                <td>{row.number}</td>
                <td>{row.channelId}</td>
                <th scope="row">{row.channelName}</th>
                <td>
                  <Switch checked={draft.isSummaryEnabled} label={t('schedules.summaryFor', { channel: row.channelName })} onChange={(next) => set({ isSummaryEnabled: next })} />
                </td>
                <td>
                  <input
                    id={inputId(row.channelId, 'localTime')}
                    type="text"
                    inputMode="numeric"
                    className={errors.localTime ? 'settings-input settings-input-invalid' : 'settings-input'}
                    size={6}
                    value={draft.localTime}
                    aria-label={t('schedules.localTimeFor', { channel: row.channelName })}
                    aria-invalid={errors.localTime ? true : undefined}
                    aria-describedby={[errors.localTime ? errorId('localTime') : null, otherZone ? zoneHintId : null].filter(Boolean).join(' ') || undefined}
                    onChange={(event) => set({ localTime: event.target.value })}
                    onKeyDown={saveOnEnter}
                  />
                  {otherZone ? (
                    <p className="settings-hint" id={zoneHintId}>
                      {t('schedules.keptInZone', { time: row.localTime, zone: otherZone })}
                    </p>
                  ) : null}
                  {errors.localTime ? (
                    <p className="settings-error" role="alert" id={errorId('localTime')}>
                      {errors.localTime}
                    </p>
                  ) : null}
                </td>
                <td>
                  <input
                    id={inputId(row.channelId, 'lookbackDays')}
                    type="number"
                    min={1}
                    max={30}
                    className={errors.lookbackDays ? 'settings-input settings-input-invalid' : 'settings-input'}
                    value={draft.lookbackDays}
                    aria-label={t('schedules.lookbackFor', { channel: row.channelName })}
                    aria-invalid={errors.lookbackDays ? true : undefined}
                    aria-describedby={errors.lookbackDays ? errorId('lookbackDays') : undefined}
                    onChange={(event) => set({ lookbackDays: event.target.value })}
                    onKeyDown={saveOnEnter}
                  />
                  {errors.lookbackDays ? (
                    <p className="settings-error" role="alert" id={errorId('lookbackDays')}>
                      {errors.lookbackDays}
                    </p>
                  ) : null}
                </td>
                <td>{showDate(row.updatedAt, locale)}</td>
                <td>
                  <button type="button" className="button button-small" disabled={action.busy} onClick={() => save(row)} aria-label={`${t('actions.save')}: ${row.channelName}`}>
                    {t('actions.save')}
                  </button>
                </td>
              </tr>
            );
          })}
        </SettingsTable>
      ) : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={refusal ? null : action.error} signedOut={action.signedOut} />
      <UnsavedChangesGuard dirty={unsaved} />
    </SettingsPage>
  );
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** 'HH:mm' of an instant in the browser's time zone. */
function hoursAndMinutes(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
