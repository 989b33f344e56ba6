import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '../../../components/settings/confirm-dialog';
import { ActionError } from '../../../components/settings/settings-page';
import { useReportUnsaved } from '../../../components/settings/unsaved-changes-guard';
import { useConfirm } from '../../../components/settings/use-confirm';
import { validateCustomReaction } from '../../../../../../core/reactions/reaction-rules';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { CustomReactionView, ReactionCategory } from '../api/get-reactions';
import type { ReactionDraft } from '../api/save-reaction';

const CATEGORIES: ReactionCategory[] = ['explanation', 'translation', 'custom'];

type Field = 'name' | 'prompt';
/**
 * The field a check's message is about, so it is shown (and focus goes) there: the one the
 * check names (`params.field`, e.g. the field holding a NUL character), else by its code.
 */
const fieldOf = (error: { code: string; params: Readonly<Record<string, string | number>> }): Field =>
  error.params.field === 'name' || error.params.field === 'prompt' ? error.params.field : error.code.startsWith('REACTION.PROMPT') ? 'prompt' : 'name';

/**
 * The add / edit modal: name, prompt text and category, checked with the spec's messages. A
 * failed check shows its message under its field (aria-describedby) and moves focus there, and
 * so does a server refusal that names the field (`error.field`, e.g. a name over 100
 * characters); any other refusal shows below the fields, with a sign-in link when the session
 * has ended. `onUnsavedChange`: whether the open modal holds changes that are not saved.
 * Escape and Cancel close it at once while nothing is typed; with a draft they first ask
 * 'Discard the changes you have not saved?' (Keep editing, focused, or Discard), as leaving a
 * page with unsaved changes asks, so a stray Escape never loses what was typed.
 */
export function ReactionDialog(props: {
  editing: CustomReactionView | 'new' | null;
  custom: CustomReactionView[];
  busy: boolean;
  serverError: string | null;
  /** The field the server's refusal names, if any. */
  serverField: string | null;
  signedOut: boolean;
  onUnsavedChange?: (dirty: boolean) => void;
  onSave(id: string | null, draft: ReactionDraft): void;
  onClose(): void;
}) {
  const { t, m } = useSettingsText();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<ReactionDraft>({ name: '', prompt: '', category: 'custom' });
  /** The checks' messages by field (both when name and prompt text are both empty), focus on the first. */
  const [error, setError] = useState<{ field: Field; messages: Partial<Record<Field, string>> } | null>(null);
  // The draft is reset while rendering, when the modal opens for another reaction (or anew),
  // so the modal never shows, even for one frame, the draft of its last opening.
  const [draftFor, setDraftFor] = useState<typeof props.editing>(null);
  if (draftFor !== props.editing) {
    setDraftFor(props.editing);
    if (props.editing !== null) {
      const from = props.editing === 'new' ? null : props.editing;
      setDraft(from ? { name: from.name, prompt: from.prompt, category: from.category } : { name: '', prompt: '', category: 'custom' });
      setError(null);
    }
  }
  const id = useId();
  const fields = { name: useRef<HTMLInputElement>(null), prompt: useRef<HTMLTextAreaElement>(null) };
  const open = props.editing !== null;
  const existing = props.editing === 'new' ? null : props.editing;
  const saved = existing ?? { name: '', prompt: '', category: 'custom' };
  const dirty = open && (draft.name.trim() !== saved.name.trim() || draft.prompt.trim() !== saved.prompt.trim() || draft.category !== saved.category);
  useReportUnsaved(dirty, props.onUnsavedChange);
  const discard = useConfirm();
  const requestClose = () => {
    if (dirty) discard.ask(t('unsaved.discardMessage'), props.onClose);
    else props.onClose();
  };
  // Escape is handled on the key (not left to the dialog's cancel event, which Chromium lets
  // close the dialog anyway on a second Escape with no click between), so it always asks.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    requestClose();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) dialog.close();
  }, [open]);

  const submit = () => {
    const records = props.custom.map((r) => ({ ...r, teamId: '', updatedBy: '', updatedAt: new Date(0) }));
    const checked = validateCustomReaction({ ...(existing ? { id: existing.id } : {}), ...draft }, records);
    if (!checked.ok) {
      const field = fieldOf(checked.error);
      const messages: Partial<Record<Field, string>> = { [field]: m(checked.error.code, checked.error.params) };
      // Both required fields left empty: both say so at once (spec 8's two messages), not one per Save.
      if (field === 'name' && draft.prompt.trim() === '') messages.prompt = m('REACTION.PROMPT_REQUIRED', {});
      setError({ field, messages });
      fields[field].current?.focus();
      return;
    }
    // An earlier check's message would otherwise hide the server's answer to this save.
    setError(null);
    props.onSave(existing?.id ?? null, draft);
  };

  // A refusal of the server about one of the fields is shown (and focused) like a check's.
  const serverField: Field | null = props.serverField === 'name' || props.serverField === 'prompt' ? props.serverField : null;
  const refused: { field: Field; messages: Partial<Record<Field, string>> } | null =
    !error && serverField && props.serverError ? { field: serverField, messages: { [serverField]: props.serverError } } : null;
  useEffect(() => {
    if (refused) fields[refused.field].current?.focus();
  }, [refused?.field, props.serverError]);
  const shown = error ?? refused;
  // A refusal that names no field (the network, the session): focused like the pages' messages.

  const errorId = (field: Field) => `${id}-${field}-error`;
  const invalid = (field: Field) =>
    shown?.messages[field] !== undefined ? { className: 'settings-input-invalid', 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const fieldError = (field: Field) =>
    shown?.messages[field] !== undefined ? (
      <p id={errorId(field)} className="settings-error" role="alert">
        {shown.messages[field]}
      </p>
    ) : null;
  return (
    <>
      <dialog
        ref={ref}
        className="settings-dialog"
        aria-labelledby="reaction-dialog-title"
        onKeyDown={onKeyDown}
        onCancel={(event) => {
          event.preventDefault();
          requestClose();
        }}
      >
        <form
          className="settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2 id="reaction-dialog-title">{existing ? t('reactions.editTitle') : t('reactions.addTitle')}</h2>
          <label>
            {t('reactions.fields.name')}
            <input
              ref={fields.name}
              type="text"
              value={draft.name}
              placeholder=":tada:"
              {...invalid('name')}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </label>
          {fieldError('name')}
          <label>
            {t('reactions.fields.prompt')}
            <textarea
              ref={fields.prompt}
              rows={4}
              value={draft.prompt}
              {...invalid('prompt')}
              onChange={(event) => setDraft({ ...draft, prompt: event.target.value })}
            />
          </label>
          {fieldError('prompt')}
          <label>
            {t('reactions.fields.category')}
            <select value={draft.category} onChange={(event) => setDraft({ ...draft, category: event.target.value as ReactionCategory })}>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`reactions.categories.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <ActionError error={shown ? null : props.serverError} signedOut={props.signedOut} />
          <div className="settings-dialog-actions">
            <button type="button" className="button button-quiet button-small" onClick={requestClose}>
              {t('actions.cancel')}
            </button>
            <button type="submit" className="button button-small" disabled={props.busy}>
              {t('actions.save')}
            </button>
          </div>
        </form>
      </dialog>
      <ConfirmDialog question={discard} confirmLabel={t('unsaved.discard')} cancelLabel={t('unsaved.keepEditing')} />
    </>
  );
}
