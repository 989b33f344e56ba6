import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitHubRepositoryReader } from '../../../adapters/knowledge/github-repository-reader';
import { KnowledgeReadError } from '../../../core/knowledge/content-reader.port';
import type { KnowledgeSourceRecord } from '../../../core/knowledge/knowledge-source';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  await github.repository('acme', 'harbour', { 'README.md': '# Harbour\n\nBerth planning service.' });
});
afterAll(() => github?.close());

const source = {
  id: '6a1c1c1e-0000-4000-8000-000000000001',
  teamId: 'T1',
  kind: 'repository',
  title: 'https://github.com/acme/harbour',
  url: 'https://github.com/acme/harbour',
  fileId: null,
  pageLimit: 1,
  status: 'reading',
  progressDone: 0,
  progressTotal: 0,
  failure: null,
  sizeBytes: 0,
  chunkCount: 0,
  addedBy: 'U1',
  createdAt: new Date(),
  updatedAt: new Date(),
} as KnowledgeSourceRecord;

describe('A repository read while GitHub rate-limits', () => {
  it('a secondary rate limit (403 with retry-after) is temporary: the job retries, the source is not failed as "not authorized"', async () => {
    const reader = new GitHubRepositoryReader({ apiUrl: github.url });
    github.secondaryRateLimit(60);

    const error = await reader.read(source, new AbortController().signal).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(KnowledgeReadError);
    // Once the limit passes, the same source reads.
    const content = await reader.read(source, new AbortController().signal);
    expect(content.documents.map((d) => d.location.path)).toEqual(['README.md']);
  });
});
