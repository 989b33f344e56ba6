import { apiFetch } from './api-client';

/** GET /api/me as the settings pages read it (the frame reads its own fields elsewhere). */
export interface UserContext {
  userId: string;
  teamId: string;
  teamName: string | null;
  isAdmin: boolean;
  locale: 'en' | 'ja';
  channels: { id: string; name: string }[];
}

let pending: Promise<UserContext | null> | undefined;

/** The signed-in person's context, asked once per page load; null when signed out. */
export function fetchUserContext(): Promise<UserContext | null> {
  pending ??= apiFetch<UserContext>('/api/me').catch(() => null);
  return pending;
}
