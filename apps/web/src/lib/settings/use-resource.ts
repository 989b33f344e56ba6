import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';

export type Resource<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: ApiError; data?: T };

/**
 * Loads data for a page and reloads it on demand (after a change, so what is shown is what
 * the server stored). Keeps the previous data while reloading.
 */
export function useResource<T>(load: () => Promise<T>, deps: readonly unknown[]): Resource<T> & { reload(): Promise<void> } {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const serial = useRef(0);

  const reload = useCallback(async () => {
    const mine = (serial.current += 1);
    setState((previous) => ({ status: 'loading', ...(previous.data !== undefined ? { data: previous.data } : {}) }));
    try {
      const data = await loadRef.current();
      if (mine === serial.current) setState({ status: 'ready', data });
    } catch (error) {
      if (mine === serial.current) setState((previous) => ({ status: 'error', error: asApiError(error), ...(previous.data !== undefined ? { data: previous.data } : {}) }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, deps);

  return { ...state, reload };
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', '');
}
