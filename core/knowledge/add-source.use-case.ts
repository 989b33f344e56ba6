import type { PlanName } from '../billing/plan';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { TeamId, UserId } from '../shared/ids';
import type { JobQueue } from '../shared/job-queue.port';
import { KNOWLEDGE_QUOTAS, type SourceKind } from './knowledge-source';
import type { KnowledgeSourceRepository } from './knowledge-source-repository.port';

export type NewSourceRequest =
  | { readonly kind: 'web'; readonly url: string; readonly pages: number }
  | { readonly kind: 'repository'; readonly url: string }
  | { readonly kind: 'pdf'; readonly files: readonly { readonly id: string; readonly name: string; readonly permalink?: string }[] };

export type AddSourceResult =
  | { readonly status: 'added'; readonly sourceIds: readonly string[] }
  | { readonly status: 'refused'; readonly code: 'invalid_url' | 'invalid_github' | 'invalid_pages' | 'no_file' | 'quota_sources' | 'duplicate'; readonly params: Readonly<Record<string, string | number>> };

export interface AddSourceDeps {
  readonly sources: Pick<KnowledgeSourceRepository, 'add' | 'usage' | 'statusOfAddress'>;
  readonly queue: JobQueue;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly planOf: (teamId: TeamId) => Promise<PlanName>;
  /** The queue ingestion jobs go to (ids only). */
  readonly ingestQueue: string;
}

const GITHUB = /^https:\/\/(www\.)?github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/;

/** Normalizes a GitHub repository address to https://github.com/owner/name, or null. */
export function githubRepository(url: string): { url: string; owner: string; name: string } | null {
  const match = GITHUB.exec(url.trim());
  if (!match) return null;
  const [, , owner, name] = match as unknown as [string, string, string, string];
  if (name === '.' || name === '..') return null;
  return { url: `https://github.com/${owner}/${name}`, owner, name };
}

export function webAddress(url: string): string | null {
  const trimmed = url.trim();
  if (!URL.canParse(trimmed)) return null;
  const parsed = new URL(trimmed);
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password || trimmed.length > 2_000) return null;
  parsed.hash = '';
  return parsed.href;
}

/**
 * What makes two sources of a kind the same source (docs/knowledge.md, Same source), from an
 * address already normalized by `webAddress` or `githubRepository`. Web: the address as the URL
 * parser writes it (scheme and host in lower case, default port and fragment dropped), otherwise
 * as given: a trailing slash, `www.`, http against https and the query all make another address,
 * since a site may serve other pages there. Repository: owner/name in lower case, as GitHub
 * treats them. A PDF has none: each upload is a new Slack file.
 */
export function sourceAddress(kind: 'web' | 'repository', normalized: string): string {
  return kind === 'repository' ? normalized.replace(/^https:\/\/github\.com\//, '').toLowerCase() : normalized;
}

/**
 * A person adds a web page or site, PDFs, or a repository from App Home: checked, counted
 * against the plan's sources, saved as queued and handed to an ingestion job (ids only).
 */
export class AddKnowledgeSource {
  constructor(private readonly deps: AddSourceDeps) {}

  async execute(teamId: TeamId, userId: UserId, request: NewSourceRequest): Promise<AddSourceResult> {
    const plan = await this.deps.planOf(teamId);
    const quota = KNOWLEDGE_QUOTAS[plan];
    const items: { kind: SourceKind; title: string; url: string | null; fileId: string | null; pageLimit: number; address: string | null }[] = [];
    if (request.kind === 'web') {
      const url = webAddress(request.url);
      if (!url) return { status: 'refused', code: 'invalid_url', params: {} };
      if (!Number.isInteger(request.pages) || request.pages < 1 || request.pages > quota.pagesPerSite) {
        return { status: 'refused', code: 'invalid_pages', params: { max: quota.pagesPerSite } };
      }
      items.push({ kind: 'web', title: url, url, fileId: null, pageLimit: request.pages, address: sourceAddress('web', url) });
    } else if (request.kind === 'repository') {
      const repo = githubRepository(request.url);
      if (!repo) return { status: 'refused', code: 'invalid_github', params: {} };
      items.push({ kind: 'repository', title: `${repo.owner}/${repo.name}`, url: repo.url, fileId: null, pageLimit: 1, address: sourceAddress('repository', repo.url) });
    } else {
      if (request.files.length === 0) return { status: 'refused', code: 'no_file', params: {} };
      for (const file of request.files) items.push({ kind: 'pdf', title: file.name, url: file.permalink ?? null, fileId: file.id, pageLimit: 1, address: null });
    }
    // Said before the quota: "already added" is what the person needs to know. A failed source
    // of the same address is replaced by the new one, so it does not count.
    let replaced = 0;
    for (const item of items) {
      if (item.address === null) continue;
      const status = await this.deps.sources.statusOfAddress(teamId, item.kind, item.address);
      if (status === 'failed') replaced += 1;
      else if (status !== null) return { status: 'refused', code: 'duplicate', params: {} };
    }
    const planName = plan.charAt(0).toUpperCase() + plan.slice(1);
    // Found full by the repository's count under its lock: the workspace is at the quota.
    const overQuota: AddSourceResult = { status: 'refused', code: 'quota_sources', params: { max: quota.sources, plan: planName, held: quota.sources } };
    const usage = await this.deps.sources.usage(teamId);
    const held = usage.sources - replaced;
    // `held` tells "the workspace is full" from "these PDFs are more than the room left".
    if (held + items.length > quota.sources) return { status: 'refused', code: 'quota_sources', params: { max: quota.sources, plan: planName, held } };
    const sourceIds: string[] = [];
    for (const item of items) {
      const id = this.deps.ids.next();
      // Added in another modal since the checks above: the repository tells (the address's
      // index; the quota counted again under the workspace's lock).
      const added = await this.deps.sources.add(teamId, { id, teamId, ...item, addedBy: userId, createdAt: this.deps.clock.now() }, { maxSources: quota.sources });
      if (added === 'duplicate' && sourceIds.length === 0) return { status: 'refused', code: 'duplicate', params: {} };
      if (added === 'over_quota' && sourceIds.length === 0) return overQuota;
      if (added !== 'added') break;
      await this.deps.queue.send(this.deps.ingestQueue, { teamId, sourceId: id }, { dedupeKey: id });
      sourceIds.push(id);
    }
    return { status: 'added', sourceIds };
  }
}

/** Deleting a source: its owner or an admin only; the chunks and vectors go with it. */
export async function removeKnowledgeSource(
  sources: Pick<KnowledgeSourceRepository, 'get' | 'remove'>,
  input: { teamId: TeamId; userId: UserId; isAdmin: boolean; sourceId: string },
): Promise<'removed' | 'not_found' | 'not_allowed'> {
  const source = await sources.get(input.teamId, input.sourceId);
  if (!source) return 'not_found';
  if (!input.isAdmin && source.addedBy !== input.userId) return 'not_allowed';
  return (await sources.remove(input.teamId, input.sourceId)) ? 'removed' : 'not_found';
}

/**
 * Retrying a failed source (App Home's "Try again"): its owner or an admin only. The ingestion
 * job is sent once per failure (keyed by when it failed), so a double click queues one run;
 * then the source shows as queued again. Quotas are checked by the run, as for a new source.
 */
export async function retryKnowledgeSource(
  deps: { readonly sources: Pick<KnowledgeSourceRepository, 'get' | 'markQueued'>; readonly queue: JobQueue; readonly ingestQueue: string; readonly clock: Clock },
  input: { teamId: TeamId; userId: UserId; isAdmin: boolean; sourceId: string },
): Promise<'queued' | 'not_found' | 'not_allowed' | 'not_failed'> {
  const source = await deps.sources.get(input.teamId, input.sourceId);
  if (!source) return 'not_found';
  if (!input.isAdmin && source.addedBy !== input.userId) return 'not_allowed';
  if (source.status !== 'failed') return 'not_failed';
  await deps.queue.send(deps.ingestQueue, { teamId: input.teamId, sourceId: source.id }, { dedupeKey: `${source.id}:retry:${source.updatedAt.getTime()}` });
  // The job may already have started (reading): then it is no longer failed, and that is fine.
  await deps.sources.markQueued(input.teamId, source.id, deps.clock.now());
  return 'queued';
}
