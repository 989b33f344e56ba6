import { useCallback, useState } from 'react';
import { asApiError } from './use-resource';
import { translate } from '../../../../shared/messages';
import { useLocale } from '../use-locale';

/** The progress states of spec 4, as catalogue codes ('Creating...', 'Deleting...', …). */
export type Progress = 'UI.CREATING' | 'UI.DELETING' | 'UI.LOADING' | 'UI.SAVING' | 'UI.UPDATING';

/**
 * Runs one change at a time: shows its progress state while it runs and keeps the error
 * message (already in the page's language) when it fails; `afterwards` runs on success (a
 * reload). Resolves true on success. A failure without a message of Tomo's (the network is
 * down, a proxy's error page) still says so, with the catalogue's unknown-error text.
 */
export function useAction() {
  const locale = useLocale();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The session ended while the page was open (401): the page offers to sign in again elsewhere.
  const [signedOut, setSignedOut] = useState(false);

  const run = useCallback(async (state: Progress, work: () => Promise<unknown>, afterwards?: () => Promise<unknown>): Promise<boolean> => {
    setProgress(state);
    setError(null);
    setSignedOut(false);
    try {
      await work();
      // Reload what the page shows, so it is what the server stored.
      await afterwards?.();
      return true;
    } catch (caught) {
      const failure = asApiError(caught);
      setError(failure.message || translate('UNKNOWN', {}, locale));
      setSignedOut(failure.status === 401);
      return false;
    } finally {
      setProgress(null);
    }
  }, [locale]);

  return { progress, error, setError, signedOut, run, busy: progress !== null };
}
