import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a settings page with unsaved changes is left. `dirty`: what is typed differs
 * from what is saved. A navigation inside the app (a menu link, the browser's Back, the
 * language switch) opens "You have unsaved changes. Leave this page?" with Stay and Leave,
 * a native modal <dialog>: focus moves to Stay, Escape stays, focus goes back afterwards.
 * Closing or reloading the tab gets the browser's own beforeunload prompt. TanStack Router's
 * useBlocker does both; nothing blocks while `dirty` is false (e.g. right after a save).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('settings');
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  // Stable functions that read the latest state, so the blocker is registered once per page.
  const isDirty = useCallback(() => dirtyNow.current, []);
  const blocker = useBlocker({ shouldBlockFn: isDirty, enableBeforeUnload: isDirty, withResolver: true });
  const ref = useRef<HTMLDialogElement>(null);
  const blocked = blocker.status === 'blocked';

  // Where focus goes back when the person stays: the control that tried to leave.
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (blocked && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!blocked && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [blocked]);

  const stay = () => blocker.reset?.();
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Handled here, so a slide-out panel behind the dialog stays open with its link focused.
    event.preventDefault();
    stay();
  };

  return (
    <dialog
      ref={ref}
      className="settings-dialog"
      aria-labelledby="unsaved-changes-message"
      onKeyDown={onKeyDown}
      // A click in the dialog is not a click on the page: the frame would close its open panel.
      onClick={(event) => event.stopPropagation()}
      onCancel={(event) => {
        event.preventDefault();
        stay();
      }}
    >
      <p id="unsaved-changes-message">{t('unsaved.message')}</p>
      <div className="settings-dialog-actions">
        <button type="button" className="button button-small" onClick={stay}>
          {t('unsaved.stay')}
        </button>
        <button type="button" className="button button-quiet button-small" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </button>
      </div>
    </dialog>
  );
}

/**
 * For a page with several forms (instructions, rows): each reports whether it holds unsaved
 * changes under its own key; `dirty` is true while any of them does.
 */
export function useUnsavedForms() {
  const [forms, setForms] = useState<Record<string, boolean>>({});
  const mark = useCallback((key: string, dirty: boolean) => setForms((all) => (Boolean(all[key]) === dirty ? all : { ...all, [key]: dirty })), []);
  return { dirty: Object.values(forms).some(Boolean), mark, isDirty: (key: string) => Boolean(forms[key]) };
}

/** Reports a form's unsaved state to its page (useUnsavedForms), and clears it when the form goes away. */
export function useReportUnsaved(dirty: boolean, report: ((dirty: boolean) => void) | undefined) {
  const latest = useRef(report);
  latest.current = report;
  useEffect(() => {
    latest.current?.(dirty);
  }, [dirty]);
  useEffect(() => () => latest.current?.(false), []);
}
