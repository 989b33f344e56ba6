import { useEffect, useState } from 'react';

/**
 * GET /api/session — the signed-in user's context, or `{ signedIn: false }` (served by
 * apps/server; public pages never get a 401 for a signed-out visitor). Any failure means
 * signed out. Only the fields the web needs are read.
 */
export interface Me {
  email: string;
  teamName: string | null;
  isAdmin: boolean;
  /** Slack could not list the workspace's members, so `isAdmin` is not known: admin pages ask the API. */
  rolesUnknown: boolean;
  /** Plan keys of the workspace's active subscriptions (e.g. 'gpt50'). */
  activePlanKeys: string[];
}

export type MeState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; me: Me };

type Json = Record<string, unknown>;

function asRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null ? (value as Json) : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Accepts `{ email, teamName }` or `{ user: { email }, teamName }`; paid subscription rows name their `planKey`. */
export function parseMe(body: unknown): Me | null {
  const record = asRecord(body);
  if (!record) return null;
  const email = str(record.email) ?? str(asRecord(record.user)?.email);
  if (!email) return null;
  const subscriptions = Array.isArray(record.activeSubscriptions) ? record.activeSubscriptions : [];
  const activePlanKeys = subscriptions
    .map((row) => {
      const sub = asRecord(row);
      if (sub?.kind === 'trial') return undefined; // a trial is not a plan to manage
      return str(sub?.planKey) ?? str(sub?.plan) ?? str(sub?.model_id);
    })
    .filter((key): key is string => key !== undefined);
  return { email, teamName: str(record.teamName) ?? null, isAdmin: record.isAdmin === true, rolesUnknown: record.membersFailed === true, activePlanKeys };
}

let pending: Promise<MeState> | undefined;

export function fetchMe(): Promise<MeState> {
  pending ??= fetch('/api/session', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (response): Promise<MeState> => {
      if (!response.ok) return { status: 'signed-out' };
      const me = parseMe(await response.json());
      return me ? { status: 'signed-in', me } : { status: 'signed-out' };
    })
    .catch((): MeState => ({ status: 'signed-out' }));
  return pending;
}

/** Starts as 'loading' on the server and during hydration, then resolves in the browser. */
export function useMe(): MeState {
  const [state, setState] = useState<MeState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void fetchMe().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** 'ana' for 'ana@example.com': the header shows only the local part of the e-mail. */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
