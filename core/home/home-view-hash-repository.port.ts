import type { TeamId, UserId } from '../shared/ids';
import type { HomeNotice } from './home-facts';

/** A person's Home tab as Tomo last published it. */
export interface HomeViewState {
  /** The hash the platform gave it (Slack's views.publish `hash`). */
  readonly hash: string;
  /** The notice at its top, and when it was first shown; null: none. */
  readonly notice: { readonly code: HomeNotice; readonly shownAt: Date } | null;
}

/**
 * Each person's Home tab at Tomo's last publish, shared by every worker: a publish passes its
 * hash so that one built from older state than the last one shown is refused instead of
 * replacing it, and a publish no one asked for (a source's progress) keeps a fresh notice.
 */
export interface HomeViewHashRepository {
  find(teamId: TeamId, userId: UserId): Promise<HomeViewState | null>;
  save(teamId: TeamId, userId: UserId, state: HomeViewState): Promise<void>;
}
