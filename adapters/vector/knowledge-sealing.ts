import { TERMS_VERSION, searchTerms } from '../../core/knowledge/keyword-search';
import type { ChunkLocation } from '../../core/knowledge/vector-store.port';
import type { SecretBox } from '../crypto/secret-box';

// What names or quotes a workspace's knowledge is sealed like tokens (AES-256-GCM, ADR 52), each
// value bound to its workspace, its source and what it is: a value moved to another team, source
// or column fails authentication instead of opening there.

/** A passage's text (`knowledge_chunks.sealed`). */
export const passageContext = (teamId: string, sourceId: string): string => `knowledge:${teamId}:${sourceId}`;

/** A source's title and URL (`knowledge_sources`), a passage's place (`knowledge_chunks.location_sealed`). */
export const sourceContext = (teamId: string, sourceId: string, what: 'title' | 'url' | 'location'): string => `knowledge:${teamId}:${sourceId}:${what}`;

/**
 * The context of a source's address hash (`knowledge_sources.address_hash`, a keyed hash: the
 * address is not kept in clear, ADR 55): bound to the workspace and kind, so the same address
 * gives unrelated hashes in two workspaces.
 */
export const addressContext = (teamId: string, kind: string): string => `knowledge_sources.address:${teamId}:${kind}`;

/** A source's title and URL as App Home and citations show them. */
export function openSource(
  secrets: SecretBox,
  row: { id: string; team_id: string; title_sealed: string; url_sealed: string | null },
): { title: string; url: string | null } {
  return {
    title: secrets.open(row.title_sealed, sourceContext(row.team_id, String(row.id), 'title')),
    url: row.url_sealed === null ? null : secrets.open(row.url_sealed, sourceContext(row.team_id, String(row.id), 'url')),
  };
}

/** A page's title may carry U+0000, which is dropped: Slack and Markdown have no use for it. */
export function sealLocation(secrets: SecretBox, teamId: string, sourceId: string, location: ChunkLocation): string {
  return secrets.seal(JSON.stringify(location, withoutNul), sourceContext(teamId, sourceId, 'location'));
}

export function openLocation(secrets: SecretBox, teamId: string, sourceId: string, sealed: string): ChunkLocation {
  return JSON.parse(secrets.open(sealed, sourceContext(teamId, sourceId, 'location'))) as ChunkLocation;
}

function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replaceAll('\0', '') : value;
}

/**
 * The context of a workspace's term hashes (`knowledge_chunks.terms`, ADR 96): per workspace, so
 * the same word gives unrelated numbers in two workspaces, and a passage's terms can be matched
 * across the workspace's sources.
 */
export const termsContext = (teamId: string): string => `knowledge_chunks.terms:${teamId}`;

/**
 * Keyed hashes (HMAC-SHA256, `SecretBox.lookupHashes`) of terms, each cut to a signed 64-bit
 * integer (as text, for a `bigint[]`): under the current key only when storing, under every key
 * of the keyring when searching, so passages hashed before a key rotation are still found.
 */
export function termHashes(secrets: SecretBox, teamId: string, terms: readonly string[], keys: 'current' | 'all'): string[] {
  const context = termsContext(teamId);
  const hashes = new Set<string>();
  for (const term of terms) {
    const all = secrets.lookupHashes(term, context);
    for (const hash of keys === 'current' ? all.slice(0, 1) : all) {
      hashes.add(Buffer.from(hash.slice(hash.lastIndexOf('.') + 1), 'base64url').readBigInt64BE(0).toString());
    }
  }
  return [...hashes];
}

/** A `bigint[]` literal of hashes, one per row of an `unnest`. */
export const hashArray = (hashes: readonly string[]): string => `{${hashes.join(',')}}`;

/** A passage's terms as stored (`knowledge_chunks.terms`): hashed under the current key, as a `bigint[]` literal. */
export const passageTerms = (secrets: SecretBox, teamId: string, text: string): string => hashArray(termHashes(secrets, teamId, searchTerms(text), 'current'));

/**
 * The passages whose terms are to be hashed (again): none yet (stored before the keyword side) or
 * of an older `TERMS_VERSION` (ADR 98). Written as the partial index `knowledge_chunks_stale_terms_index`
 * is (Migration20261207090000_knowledge_terms_version), so that the planner uses it; a new
 * version needs a migration replacing that index.
 */
export const STALE_TERMS = `(terms is null or terms_version < ${TERMS_VERSION})`;
