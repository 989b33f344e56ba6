import type { TeamId } from '../shared/ids';
import type { FailureCode, KnowledgeSourceRecord, SourceKind, SourceStatus } from './knowledge-source';

export type NewKnowledgeSource = Pick<KnowledgeSourceRecord, 'id' | 'teamId' | 'kind' | 'title' | 'url' | 'fileId' | 'pageLimit' | 'addedBy' | 'createdAt'> & {
  /**
   * What makes two sources of one kind the same (`sourceAddress`): a workspace holds one source
   * per kind and address. None (a PDF): never the same as another.
   */
  readonly address?: string | null;
};

/** What a read left out, kept with the source for App Home. */
export type SourcePartial = Partial<Pick<KnowledgeSourceRecord, 'robotsLeftOut' | 'cutAfterFiles'>>;

/** Table `knowledge_sources`; every call scoped by team id. */
export interface KnowledgeSourceRepository {
  /**
   * Saves a queued source. With an address: a failed source of the same kind and address (it
   * holds nothing) is replaced by this one; one that is not failed keeps its place and nothing is
   * saved ('duplicate'), also when two are added at once. `maxSources`: nothing is saved
   * ('over_quota') when the workspace already holds that many (the replaced failed one not
   * counted); sources added at once are counted one after the other, so none passes the quota.
   */
  add(teamId: TeamId, source: NewKnowledgeSource, options?: { maxSources?: number }): Promise<'added' | 'duplicate' | 'over_quota'>;
  /** The status of the workspace's source of this kind and address, if it has one. */
  statusOfAddress(teamId: TeamId, kind: SourceKind, address: string): Promise<SourceStatus | null>;
  get(teamId: TeamId, id: string): Promise<KnowledgeSourceRecord | null>;
  /** Newest first. */
  list(teamId: TeamId, kind?: SourceKind): Promise<KnowledgeSourceRecord[]>;
  /**
   * The newest `perKind` sources of each kind (newest first) and how many sources each kind has:
   * App Home lists a few per kind, and opens the sealed titles and URLs of those only.
   */
  newestOfEachKind(teamId: TeamId, perKind: number): Promise<{ sources: KnowledgeSourceRecord[]; counts: Record<SourceKind, number> }>;
  /** Sources and chunks the workspace holds (failed sources count as sources, their chunks are gone). */
  usage(teamId: TeamId): Promise<{ sources: number; chunks: number }>;
  markReading(teamId: TeamId, id: string, at: Date): Promise<void>;
  /** `partial`: what the read left out (pages robots.txt kept out, a repository cut at its caps; 0 when omitted). */
  markEmbedding(teamId: TeamId, id: string, total: number, sizeBytes: number, model: string, at: Date, partial?: SourcePartial): Promise<void>;
  /** Ready only when every chunk is stored: chunk count = progress = total. Returns false otherwise. */
  markReady(teamId: TeamId, id: string, at: Date): Promise<boolean>;
  markFailed(teamId: TeamId, id: string, failure: FailureCode, at: Date): Promise<void>;
  /** A failed source back to queued (Retry); false when it is not failed (any more). */
  markQueued(teamId: TeamId, id: string, at: Date): Promise<boolean>;
  /**
   * The source holds content with this fingerprint (`SourceContent.contentKey`): false, changing
   * nothing, when another source of the workspace's kind that is not failed holds the same (the
   * same PDF uploaded again); a failed one gives it up. Sources claiming at once: one wins.
   */
  claimContent(teamId: TeamId, id: string, kind: SourceKind, contentKey: string): Promise<boolean>;
  /** Deletes the source and its chunks. */
  remove(teamId: TeamId, id: string): Promise<boolean>;
  /** Uninstall: every source and chunk of the workspace. */
  removeTeam(teamId: TeamId): Promise<number>;
  /** The kinds of which the workspace has at least one ready source (one query for every search tool of an answer). */
  readyKinds(teamId: TeamId): Promise<ReadonlySet<SourceKind>>;
}
