import { useCallback, useState } from 'react';
import { asApiError } from './use-resource';

/** The progress states of spec 4, as catalogue codes ('Creating...', 'Deleting...', …). */
export type Progress = 'UI.CREATING' | 'UI.DELETING' | 'UI.LOADING' | 'UI.SAVING' | 'UI.UPDATING';

/**
 * Runs one change at a time: shows its progress state while it runs and keeps the error
 * message (already in the page's language) when it fails; `afterwards` runs on success (a
 * reload). Resolves true on success.
 */
export function useAction() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (state: Progress, work: () => Promise<unknown>, afterwards?: () => Promise<unknown>): Promise<boolean> => {
    setProgress(state);
    setError(null);
    try {
      await work();
      // Reload what the page shows, so it is what the server stored.
      await afterwards?.();
      return true;
    } catch (caught) {
      setError(asApiError(caught).message || null);
      return false;
    } finally {
      setProgress(null);
    }
  }, []);

  return { progress, error, setError, run, busy: progress !== null };
}
