import type { PlanName } from '../billing/plan';
import type { TeamId, UserId } from '../shared/ids';

/** The three uploaders of App Home (spec 1) and the search plugin each one feeds. */
export const SOURCE_KINDS = ['web', 'pdf', 'repository'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** queued → reading → embedding n/m → ready, or failed with a reason code at any step. */
export type SourceStatus = 'queued' | 'reading' | 'embedding' | 'ready' | 'failed';

/** Why an ingestion failed; the edge maps each code to a sentence in the person's language. */
export const FAILURE_CODES = [
  'fetch_failed',
  'not_found',
  'too_large',
  'no_text',
  'unsupported',
  'quota_sources',
  'quota_chunks',
  'embedding_failed',
  'not_authorized',
  /** The site's robots.txt does not let Tomo read the page the source starts from. */
  'robots_disallowed',
  /** The page asks to sign in (HTTP 401, or a sign-in form where its text should be). */
  'login_required',
  /** The page's HTML holds no text: it is built by JavaScript, which Tomo does not run. */
  'needs_javascript',
  /** The same file (byte for byte) is already a source of the workspace. */
  'duplicate_content',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** One uploaded page, site, PDF or repository of a workspace (table `knowledge_sources`). */
export interface KnowledgeSourceRecord {
  readonly id: string;
  readonly teamId: TeamId;
  readonly kind: SourceKind;
  /** What the person gave: the URL, the PDF's file name, the repository URL. */
  readonly title: string;
  /** Where citations link to: the page, the repository, the Slack file's permalink. */
  readonly url: string | null;
  /** The Slack file id of an uploaded PDF (downloaded again on a retry, never kept). */
  readonly fileId: string | null;
  /** Pages to follow for a site (1 = this page only). */
  readonly pageLimit: number;
  readonly status: SourceStatus;
  /** Chunks embedded so far and in all, while `embedding`. */
  readonly progressDone: number;
  readonly progressTotal: number;
  readonly failure: FailureCode | null;
  /** Bytes of text read. */
  readonly sizeBytes: number;
  readonly chunkCount: number;
  /** Pages of a site its robots.txt kept out of the source (0 for other kinds). */
  readonly robotsLeftOut: number;
  /** A repository cut at its caps (files, text, entries, bytes unpacked): the files read; 0 when read whole and for other kinds. */
  readonly cutAfterFiles: number;
  readonly addedBy: UserId;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Sources and chunks a workspace may hold, per plan (docs/knowledge.md, /pricing). */
export interface KnowledgeQuota {
  readonly sources: number;
  readonly chunks: number;
  /** Pages one web source may follow. */
  readonly pagesPerSite: number;
}

export const KNOWLEDGE_QUOTAS: Readonly<Record<PlanName, KnowledgeQuota>> = {
  free: { sources: 3, chunks: 500, pagesPerSite: 5 },
  entry: { sources: 20, chunks: 5_000, pagesPerSite: 20 },
  standard: { sources: 100, chunks: 25_000, pagesPerSite: 50 },
  premium: { sources: 500, chunks: 100_000, pagesPerSite: 200 },
};

/** Which search plugin (tool) reads which kind of source. */
export const PLUGIN_OF_KIND = { web: 'html-search', pdf: 'pdf-search', repository: 'repository-search' } as const;

/** Removing a source needs the person who added it or an admin. */
export function canRemoveSource(source: Pick<KnowledgeSourceRecord, 'addedBy'>, userId: UserId, isAdmin: boolean): boolean {
  return isAdmin || source.addedBy === userId;
}

/** The status line a person sees, as data: the edge renders it in their language. */
export function statusOf(source: Pick<KnowledgeSourceRecord, 'status' | 'progressDone' | 'progressTotal' | 'failure'>):
  | { readonly code: Exclude<SourceStatus, 'embedding' | 'failed'> }
  | { readonly code: 'embedding'; readonly done: number; readonly total: number }
  | { readonly code: 'failed'; readonly failure: FailureCode } {
  if (source.status === 'embedding') return { code: 'embedding', done: source.progressDone, total: source.progressTotal };
  if (source.status === 'failed') return { code: 'failed', failure: source.failure ?? 'fetch_failed' };
  return { code: source.status };
}
