import { useEffect, useId, useRef, useState } from 'react';
import { SignInAgainLink } from '../../../components/settings/settings-page';
import { validateCustomReaction } from '../../../../../../core/reactions/reaction-rules';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { CustomReactionView, ReactionCategory } from '../api/get-reactions';
import type { ReactionDraft } from '../api/save-reaction';

const CATEGORIES: ReactionCategory[] = ['explanation', 'translation', 'custom'];

type Field = 'name' | 'prompt';
/** The field a check's message is about, so it is shown (and focus goes) there. */
const fieldOf = (code: string): Field => (code.startsWith('REACTION.PROMPT') ? 'prompt' : 'name');

/**
 * The add / edit modal: name, prompt text and category, checked with the spec's messages. A
 * failed check shows its message under its field (aria-describedby) and moves focus there; the
 * server's refusal shows below the fields, with a sign-in link when the session has ended.
 */
export function ReactionDialog(props: {
  editing: CustomReactionView | 'new' | null;
  custom: CustomReactionView[];
  busy: boolean;
  serverError: string | null;
  signedOut: boolean;
  onSave(id: string | null, draft: ReactionDraft): void;
  onClose(): void;
}) {
  const { t, m } = useSettingsText();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<ReactionDraft>({ name: '', prompt: '', category: 'custom' });
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const id = useId();
  const fields = { name: useRef<HTMLInputElement>(null), prompt: useRef<HTMLTextAreaElement>(null) };
  const open = props.editing !== null;
  const existing = props.editing === 'new' ? null : props.editing;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      setDraft(existing ? { name: existing.name, prompt: existing.prompt, category: existing.category } : { name: '', prompt: '', category: 'custom' });
      setError(null);
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) dialog.close();
  }, [open, existing]);

  const submit = () => {
    const records = props.custom.map((r) => ({ ...r, teamId: '', updatedBy: '', updatedAt: new Date(0) }));
    const checked = validateCustomReaction({ ...(existing ? { id: existing.id } : {}), ...draft }, records);
    if (!checked.ok) {
      const field = fieldOf(checked.error.code);
      setError({ field, message: m(checked.error.code, checked.error.params) });
      fields[field].current?.focus();
      return;
    }
    // An earlier check's message would otherwise hide the server's answer to this save.
    setError(null);
    props.onSave(existing?.id ?? null, draft);
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const invalid = (field: Field) =>
    error?.field === field ? { className: 'settings-input-invalid', 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const fieldError = (field: Field) =>
    error?.field === field ? (
      <p id={errorId(field)} className="settings-error" role="alert">
        {error.message}
      </p>
    ) : null;
  return (
    <dialog ref={ref} className="settings-dialog" aria-labelledby="reaction-dialog-title" onCancel={props.onClose}>
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
        {!error && props.serverError ? (
          <p className="settings-error" role="alert">
            {props.serverError}
            {props.signedOut ? (
              <>
                {' '}
                <SignInAgainLink />
              </>
            ) : null}
          </p>
        ) : null}
        <div className="settings-dialog-actions">
          <button type="button" className="button button-quiet button-small" onClick={props.onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="button button-small" disabled={props.busy}>
            {t('actions.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
