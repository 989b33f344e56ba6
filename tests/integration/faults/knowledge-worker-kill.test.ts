import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFromConfig } from '../../../apps/shared/secret-box';
import { nativePool } from '../../../adapters/postgres/native-pool';
import { createVectorStore } from '../../../adapters/vector/create-vector-store';
import { openLocation } from '../../../adapters/vector/knowledge-sealing';
import { PgKnowledgeSourceRepository } from '../../../adapters/vector/pg-knowledge-source-repository';
import { KNOWLEDGE_QUEUES } from '../../../apps/shared/knowledge-jobs';
import type { KnowledgeSourceRecord } from '../../../core/knowledge/knowledge-source';
import type { VectorStore } from '../../../core/knowledge/vector-store.port';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github';
import { fakeEmbedding } from '../../fakes/openai/fake-embeddings';
import { spawnBuilt, type SpawnedApp } from '../../support/processes';
import {
  builtProcessEnv,
  eventually,
  installThroughBrowser,
  postInteraction,
  startSlackAppWorld,
  type SlackAppWorld,
} from '../slack-app/support/slack-app-world';

/**
 * A worker process killed with SIGKILL while it embeds a repository (issue 13): another worker
 * takes the job once the dead one's heartbeat lapses and starts the source over. The source ends
 * ready with exactly the passages an uninterrupted ingestion stores, none twice, and no search
 * ever sees a passage of it before it is ready.
 */
const DIMENSIONS = 128;
const topics = ['lamp', 'lens', 'keeper', 'fog horn', 'tower', 'gallery', 'storm', 'beacon'];
const files = Object.fromEntries(
  Array.from({ length: 24 }, (_, f) => [
    `docs/chapter-${String(f).padStart(2, '0')}.md`,
    Array.from(
      { length: 12 },
      (_, p) =>
        `Chapter ${f}, note ${p}: the ${topics[(f + p) % topics.length]} of the lighthouse at station ${f * 12 + p} is checked every ${p + 2} days, ` +
        `and the keeper writes what was found, what was mended and what still needs a part from the mainland, in the log kept beside the door.`,
    ).join('\n\n'),
  ]),
);

describe('a worker killed mid-ingestion', () => {
  let world: SlackAppWorld;
  let github: FakeGitHub;
  let sources: PgKnowledgeSourceRepository;
  let store: VectorStore;
  let pool: Awaited<ReturnType<typeof nativePool>>;
  const workers: SpawnedApp[] = [];

  beforeAll(async () => {
    github = await startFakeGitHub();
    await github.repository('harbour', 'lights', files);
    world = await startSlackAppWorld({ EMBEDDINGS_DIMENSIONS: String(DIMENSIONS), GITHUB_API_URL: github.url }, { worker: false });
    expect((await installThroughBrowser(world)).status).toBe(200);
    pool = await nativePool(world.app.database.orm);
    sources = new PgKnowledgeSourceRepository(pool, secretBoxFromConfig(world.app.config));
    store = await createVectorStore(pool, secretBoxFromConfig(world.app.config));
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
    await world.close();
    await github.close();
  });

  function startWorker(): SpawnedApp {
    const worker = spawnBuilt(
      'worker',
      builtProcessEnv(world, {
        EMBEDDINGS_DIMENSIONS: String(DIMENSIONS),
        EMBEDDINGS_BATCH_SIZE: '4',
        GITHUB_API_URL: github.url,
        // pg-boss's shortest heartbeat: the job is failed 10–15 s after the kill, then retried.
        ANSWER_HEARTBEAT_SECONDS: '10',
      }),
    );
    workers.push(worker);
    return worker;
  }

  async function addRepository(): Promise<KnowledgeSourceRecord> {
    const before = new Set((await sources.list(world.ws.team.id)).map((s) => s.id));
    const response = await postInteraction(world, {
      type: 'view_submission',
      team: { id: world.ws.team.id, domain: 'acme' },
      user: { id: world.ws.alice, team_id: world.ws.team.id },
      api_app_id: world.ws.team.appId,
      trigger_id: `trig-${Date.now()}`,
      view: { id: 'VMODAL', type: 'modal', callback_id: 'knowledge.modal.repository', private_metadata: 'en', state: { values: { url: { value: { value: 'https://github.com/harbour/lights' } } } } },
    });
    expect(response.status).toBe(200);
    const added = (await sources.list(world.ws.team.id)).find((s) => !before.has(s.id));
    expect(added).toBeDefined();
    return added!;
  }

  /** What a source stored: passages by position (their place in the repository), and the vectors beside them. */
  async function stored(sourceId: string) {
    const { rows } = await pool.query<{ ordinal: number; team_id: string; location_sealed: string }>(
      `select ordinal, team_id, location_sealed from knowledge_chunks where source_id = $1 order by ordinal`,
      [sourceId],
    );
    const { rows: vectors } = await pool.query<{ n: string }>(`select count(*) as n from knowledge_vectors where source_id = $1`, [sourceId]);
    const secrets = secretBoxFromConfig(world.app.config);
    return {
      ordinals: rows.map((r) => r.ordinal),
      locations: rows.map((r) => JSON.stringify(openLocation(secrets, r.team_id, sourceId, r.location_sealed))),
      vectors: Number(vectors[0]!.n),
    };
  }

  it('ends ready with the passages of an uninterrupted run, none twice, and never half visible', async () => {
    expect(store.name).toBe('pgvector');
    // Slow embeddings: 4 passages every 300 ms, so the repository takes several seconds.
    world.openai.delayEmbeddings(300);
    const first = startWorker();
    await eventually(() => expect(first.output()).toContain('worker started'), 60_000);

    const source = await addRepository();
    // Searches run all along: none may return a passage while the source is not ready.
    const query = Float32Array.from(fakeEmbedding('the keeper checks the lamp', DIMENSIONS));
    const seen = { searches: 0, whileEmbedding: 0, visibleBeforeReady: 0, visibleWhenReady: 0 };
    let searching = true;
    const searcher = (async () => {
      while (searching) {
        const hits = await store.search(world.ws.team.id, { embedding: query, kinds: ['repository'], limit: 5 });
        const status = (await sources.get(world.ws.team.id, source.id))?.status;
        seen.searches += 1;
        if (status === 'embedding') seen.whileEmbedding += 1;
        // `ready` is final here, so a source not ready after the search was not ready during it.
        if (status !== 'ready' && hits.length > 0) seen.visibleBeforeReady += 1;
        if (status === 'ready' && hits.length > 0) seen.visibleWhenReady += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    let second: SpawnedApp | undefined;
    try {
      // Kill the worker once part of the source is stored.
      await eventually(async () => {
        const now = await sources.get(world.ws.team.id, source.id);
        expect(now?.status).toBe('embedding');
        expect(now!.progressDone).toBeGreaterThanOrEqual(12);
      }, 60_000);
      first.child.kill('SIGKILL');
      await first.exited;
      const left = await sources.get(world.ws.team.id, source.id);
      expect(left).toMatchObject({ status: 'embedding' });
      expect(left!.progressDone).toBeLessThan(left!.progressTotal);
      expect((await stored(source.id)).ordinals.length).toBe(left!.progressDone);

      // Another worker takes the job over once the heartbeat lapses (plus the retry delay).
      second = startWorker();
      await eventually(async () => expect((await sources.get(world.ws.team.id, source.id))?.status).toBe('ready'), 150_000);
      await eventually(() => expect(seen.visibleWhenReady).toBeGreaterThan(0), 10_000);
    } finally {
      // Stopped even when an expectation fails, before the world's pools close.
      searching = false;
      await searcher;
    }
    expect(seen.whileEmbedding).toBeGreaterThan(0);
    expect(seen.visibleBeforeReady).toBe(0);
    expect(second!.output()).toContain('knowledge source ingested');
    const [job] = (await world.app.queue.boss.findJobs(KNOWLEDGE_QUEUES.knowledgeIngest.name)).filter((j) => (j.data as { sourceId?: string }).sourceId === source.id);
    expect(job?.state).toBe('completed');
    expect(job!.retryCount).toBeGreaterThanOrEqual(1);

    // The same repository ingested again without interruption, for comparison: a workspace holds
    // one source per repository, so the resumed one is read and then deleted first.
    const resumed = await stored(source.id);
    const resumedRecord = await sources.get(world.ws.team.id, source.id);
    expect(await sources.remove(world.ws.team.id, source.id)).toBe(true);
    world.openai.delayEmbeddings(0);
    const reference = await addRepository();
    await eventually(async () => expect((await sources.get(world.ws.team.id, reference.id))?.status).toBe('ready'), 60_000);
    const whole = await stored(reference.id);
    const wholeRecord = await sources.get(world.ws.team.id, reference.id);
    expect(whole.ordinals.length).toBeGreaterThan(24);
    expect(resumedRecord!.chunkCount).toBe(wholeRecord!.chunkCount);
    expect(resumed.ordinals).toEqual(whole.ordinals);
    expect(resumed.ordinals).toEqual(Array.from({ length: wholeRecord!.chunkCount }, (_, i) => i));
    expect(resumed.locations).toEqual(whole.locations);
    expect(resumed.vectors).toBe(whole.ordinals.length);
    const { rows: orphans } = await pool.query<{ n: string }>(`select count(*) as n from knowledge_vectors v where not exists (select 1 from knowledge_chunks c where c.id = v.chunk_id)`);
    expect(Number(orphans[0]!.n)).toBe(0);
  }, 240_000);
});
