import { useEffect, useState } from 'react';
import { apiFetch } from './api-client';

/** GET /api/me as the settings pages read it (the frame reads its own fields elsewhere). */
export interface UserContext {
  userId: string;
  teamId: string;
  teamName: string | null;
  isAdmin: boolean;
  /** False for a guest or a person of another organization (Slack Connect): workspace-wide settings are read-only. */
  mayChangeWorkspace?: boolean;
  /** Slack could not list the members, so nobody's role is known (the API decides). */
  membersFailed?: boolean;
  locale: 'en' | 'ja';
  channels: { id: string; name: string }[];
}

let pending: Promise<UserContext | null> | undefined;

/** The signed-in person's context, asked once per page load; null when signed out. */
export function fetchUserContext(): Promise<UserContext | null> {
  pending ??= apiFetch<UserContext>('/api/me').catch(() => null);
  return pending;
}

/**
 * True when the signed-in person may only view the workspace-wide settings (App, Plugins,
 * Reactions, Auto replies): a guest or a person of another organization. False until known, and
 * while Slack cannot list the members (the API then answers for itself).
 */
export function useWorkspaceReadOnly(): boolean {
  const [readOnly, setReadOnly] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchUserContext().then((who) => live && setReadOnly(who !== null && who.mayChangeWorkspace === false && who.membersFailed !== true));
    return () => {
      live = false;
    };
  }, []);
  return readOnly;
}
