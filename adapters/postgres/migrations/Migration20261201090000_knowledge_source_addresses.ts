import { SealingMigration } from './sealing-migration';

/**
 * A workspace holds one web source per address and one repository source per repository
 * (docs/knowledge.md, Same source): `knowledge_sources.address_hash` keeps a keyed hash (HMAC) of
 * the normalized address, since the address itself is sealed (ADR 55), and a unique index on
 * (team, kind, hash) lets one of two modals submitted at once win. Existing sources get their hash
 * here, with the key the process was started with (`SealingMigration`); where a workspace already
 * holds the same address twice, one keeps the hash (one not failed, else the oldest) and the
 * others keep none: they stay as they are and do not block anything.
 *
 * The normalization and contexts below are the adapters' (core/knowledge/add-source.use-case.ts,
 * adapters/vector) as of this migration, written out so that this migration keeps meaning what it meant.
 */
export class Migration20261201090000_knowledge_source_addresses extends SealingMigration {

  override name = 'Migration20261201090000_knowledge_source_addresses';

  override async up(): Promise<void> {
    const box = await this.secretsFor(['knowledge_sources']);
    await this.execute(`alter table "knowledge_sources" add "address_hash" text null;`);
    if (box) {
      await this.eachPage<SourceRow>(`select id, team_id, kind, url_sealed from knowledge_sources`, 'id', NIL_UUID, async (rows) => {
        const values = rows.flatMap((r) => {
          const url = r.url_sealed === null ? null : box.open(r.url_sealed, `knowledge:${r.team_id}:${r.id}:url`);
          const address = url === null ? null : addressOf(r.kind, url);
          return address === null ? [] : [{ id: r.id, address_hash: box.lookupHashes(address, `knowledge_sources.address:${r.team_id}:${r.kind}`)[0]! }];
        });
        if (values.length === 0) return;
        await this.execute(
          `update "knowledge_sources" x set "address_hash" = v."address_hash" from jsonb_to_recordset(?::jsonb) as v(id uuid, address_hash text) where x."id" = v."id"`,
          [JSON.stringify(values)],
        );
      });
      await this.execute(
        `update "knowledge_sources" x set "address_hash" = null from (
           select id, row_number() over (partition by team_id, kind, address_hash order by status = 'failed', created_at, id) as rank
             from "knowledge_sources" where address_hash is not null) d
          where x.id = d.id and d.rank > 1;`,
      );
    }
    await this.execute(
      `create unique index "knowledge_sources_address_unique" on "knowledge_sources" ("team_id", "kind", "address_hash") where "address_hash" is not null;`,
    );
  }

  override async down(): Promise<void> {
    await this.execute(`drop index if exists "knowledge_sources_address_unique";`);
    await this.execute(`alter table "knowledge_sources" drop column "address_hash";`);
  }
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const GITHUB = /^https:\/\/github\.com\/([^/]+\/[^/]+)$/;

/** Web: the URL as the parser writes it, fragment dropped. Repository: owner/name in lower case. PDF: none. */
function addressOf(kind: string, url: string): string | null {
  if (kind === 'repository') return GITHUB.exec(url)?.[1]?.toLowerCase() ?? null;
  if (kind !== 'web' || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

interface SourceRow extends Record<string, unknown> {
  id: string;
  team_id: string;
  kind: string;
  url_sealed: string | null;
}
