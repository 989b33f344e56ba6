import { useEffect, useId, useRef, useState } from 'react';
import { useReportUnsaved } from '../../../components/settings/unsaved-changes-guard';
import { unstorableField } from '../../../../../../core/shared/storable-text';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { InstructionLevel, InstructionMetrics } from '../api/get-instructions';
import { measureInstruction } from '../api/measure-instruction';
import { InstructionMetricsList } from './instruction-metrics';

/** Metrics are re-measured when typing pauses for this long (spec 9: debounce 1000 ms). */
const DEBOUNCE_MS = 1000;

/** A refusal of the server about one of the editor's inputs (`error.field`). */
export type InstructionFieldError = { field: 'name' | 'text'; message: string };

/**
 * Name and text of one instruction with live metrics; save and (when it exists) delete. Each
 * field and button is named after its visible words and then `about` ('Save: Your own
 * instruction'), as the page has several editors. A
 * server refusal about its name or text shows under that input (aria-describedby) and takes
 * focus; `onUnsavedChange` tells the page whether what is typed differs from what is saved.
 */
export function InstructionEditor(props: {
  level: InstructionLevel;
  targetId: string | null;
  /** Which instruction this is, in words: ends each field's and button's name. */
  about: string;
  initial: { name: string; text: string; metrics: InstructionMetrics } | null;
  busy: boolean;
  fieldError?: InstructionFieldError | null;
  onUnsavedChange?: (dirty: boolean) => void;
  onSave(input: { name: string; text: string }): void;
  onDelete?: () => void;
}) {
  const { t, m } = useSettingsText();
  const id = useId();
  const [name, setName] = useState(props.initial?.name ?? '');
  const [text, setText] = useState(props.initial?.text ?? '');
  const [metrics, setMetrics] = useState<InstructionMetrics | null>(props.initial?.metrics ?? null);

  // Saving any instruction reloads the whole page's data: only a change of this instruction's
  // saved name or text replaces what is typed here, so unsaved words in the other editors stay.
  const savedName = props.initial?.name ?? '';
  const savedText = props.initial?.text ?? '';
  useEffect(() => {
    setName(savedName);
    setText(savedText);
  }, [savedName, savedText]);
  useEffect(() => {
    setMetrics(props.initial?.metrics ?? null);
  }, [props.initial]);
  useReportUnsaved(name.trim() !== savedName.trim() || text.trim() !== savedText.trim(), props.onUnsavedChange);

  const inputs = { name: useRef<HTMLInputElement>(null), text: useRef<HTMLTextAreaElement>(null) };
  // A NUL character or a broken Unicode character (a pasted text can hold one) is refused here,
  // under the input holding it, while it is typed, in the server's own words: Save waits until
  // it is removed, and nothing typed is lost (as the App name does).
  const unstorable = unstorableField({ name, text });
  const fieldError: InstructionFieldError | null = unstorable ? { field: unstorable, message: m('INPUT.UNSUPPORTED_CHARACTERS') } : (props.fieldError ?? null);
  useEffect(() => {
    if (fieldError) inputs[fieldError.field].current?.focus();
  }, [fieldError?.field, fieldError?.message]);
  const named = (visible: string) => ({ 'aria-label': `${visible}: ${props.about}` });
  const errorId = (field: InstructionFieldError['field']) => `${id}-${field}-error`;
  const invalid = (field: InstructionFieldError['field']) =>
    fieldError?.field === field ? { className: 'settings-input-invalid', 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const message = (field: InstructionFieldError['field']) =>
    fieldError?.field === field ? (
      <p id={errorId(field)} className="settings-error" role="alert">
        {fieldError.message}
      </p>
    ) : null;

  useEffect(() => {
    if (text === (props.initial?.text ?? '') && props.initial) return;
    // The server would refuse to measure it too: the message under the text says why.
    if (unstorableField({ text }) !== null) return;
    const timer = setTimeout(() => {
      void measureInstruction(props.level, props.targetId, text).then(setMetrics, () => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, props.level, props.targetId, props.initial]);

  return (
    <form
      className="settings-form"
      data-level={props.level}
      onSubmit={(event) => {
        event.preventDefault();
        if (unstorable) return;
        props.onSave({ name, text });
      }}
    >
      <label htmlFor={`${id}-name`}>{t('instructions.fields.name')}</label>
      <input ref={inputs.name} id={`${id}-name`} type="text" value={name} {...named(t('instructions.fields.name'))} {...invalid('name')} onChange={(event) => setName(event.target.value)} />
      {message('name')}
      <label htmlFor={`${id}-text`}>{t('instructions.fields.text')}</label>
      <textarea ref={inputs.text} id={`${id}-text`} rows={6} value={text} {...named(t('instructions.fields.text'))} {...invalid('text')} onChange={(event) => setText(event.target.value)} />
      {message('text')}
      {metrics ? <InstructionMetricsList metrics={metrics} /> : null}
      <div className="settings-row">
        <button type="submit" className="button button-small" disabled={props.busy || unstorable !== null} {...named(t('actions.save'))}>
          {t('actions.save')}
        </button>
        {props.onDelete ? (
          <button type="button" className="button button-small button-quiet" disabled={props.busy} onClick={props.onDelete} {...named(t('actions.delete'))}>
            {t('actions.delete')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
