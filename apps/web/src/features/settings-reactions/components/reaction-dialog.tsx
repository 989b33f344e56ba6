import { useEffect, useRef, useState } from 'react';
import { validateCustomReaction } from '../../../../../../core/reactions/reaction-rules';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import type { CustomReactionView, ReactionCategory } from '../api/get-reactions';
import type { ReactionDraft } from '../api/save-reaction';

const CATEGORIES: ReactionCategory[] = ['explanation', 'translation', 'custom'];

/** The add / edit modal: name, prompt text and category, checked with the spec's messages. */
export function ReactionDialog(props: {
  editing: CustomReactionView | 'new' | null;
  custom: CustomReactionView[];
  busy: boolean;
  serverError: string | null;
  onSave(id: string | null, draft: ReactionDraft): void;
  onClose(): void;
}) {
  const { t, m } = useSettingsText();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<ReactionDraft>({ name: '', prompt: '', category: 'custom' });
  const [error, setError] = useState<string | null>(null);
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
      setError(m(checked.error.code, checked.error.params));
      return;
    }
    // An earlier check's message would otherwise hide the server's answer to this save.
    setError(null);
    props.onSave(existing?.id ?? null, draft);
  };

  const shownError = error ?? props.serverError;
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
          <input type="text" value={draft.name} placeholder=":tada:" onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
        </label>
        <label>
          {t('reactions.fields.prompt')}
          <textarea rows={4} value={draft.prompt} onChange={(event) => setDraft({ ...draft, prompt: event.target.value })} />
        </label>
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
        {shownError ? (
          <p className="settings-error" role="alert">
            {shownError}
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
