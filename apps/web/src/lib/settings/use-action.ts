import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from './api-client';
import { asApiError } from './use-resource';
import { translate } from '../../../../shared/messages';
import { useLocale } from '../use-locale';

/** The progress states of spec 4, as catalogue codes ('Creating...', 'Deleting...', …). */
export type Progress = 'UI.CREATING' | 'UI.DELETING' | 'UI.LOADING' | 'UI.SAVING' | 'UI.UPDATING';

/**
 * Runs one change at a time: shows its progress state while it runs and keeps the error
 * message (already in the page's language) and the field it names when it fails; `afterwards` runs on success (a
 * reload). Resolves true on success. A failure without a message of Tomo's (the network is
 * down, a proxy's error page) still says so, with the catalogue's unknown-error text.
 * `reloadAfter` says which failures changed what the server holds (a 409 saying the plan is no
 * longer active: the server has just recorded its end): `afterwards` runs after those too, so the
 * page shows the current state at once, with the failure's message kept.
 */
export function useAction() {
  const locale = useLocale();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  // The input the server's refusal names (`error.field`), so the page can show it there.
  const [errorField, setErrorField] = useState<string | null>(null);
  // The session ended while the page was open (401): the page offers to sign in again elsewhere.
  const [signedOut, setSignedOut] = useState(false);
  // The control that started the change: it is disabled while the change runs, which sends the
  // focus to the page's start; once it is enabled again it takes the focus back, unless the
  // person moved on or a failure's message took it (ActionStatus).
  const startedFrom = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (progress !== null) return;
    const control = startedFrom.current;
    startedFrom.current = null;
    const active = document.activeElement;
    if (control?.isConnected && (active === null || active === document.body)) control.focus();
  }, [progress]);

  const run = useCallback(async (
    state: Progress,
    work: () => Promise<unknown>,
    afterwards?: () => Promise<unknown>,
    reloadAfter?: (failure: ApiError) => boolean,
  ): Promise<boolean> => {
    startedFrom.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setProgress(state);
    setErrorText(null);
    setErrorField(null);
    setSignedOut(false);
    try {
      await work();
      // Reload what the page shows, so it is what the server stored.
      await afterwards?.();
      return true;
    } catch (caught) {
      const failure = asApiError(caught);
      setErrorText(failure.message || translate('UNKNOWN', {}, locale));
      setErrorField(failure.field ?? null);
      setSignedOut(failure.status === 401);
      if (reloadAfter?.(failure) === true && afterwards) await afterwards().catch(() => undefined);
      return false;
    } finally {
      setProgress(null);
    }
  }, [locale]);

  const setError = useCallback((message: string | null) => {
    setErrorText(message);
    setErrorField(null);
  }, []);

  return { progress, error, errorField, setError, signedOut, run, busy: progress !== null };
}
