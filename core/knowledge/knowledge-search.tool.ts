import { ToolError, type Tool, type ToolSource } from '../tools/tool';
import type { Embeddings } from './embeddings.port';
import { PLUGIN_OF_KIND, type SourceKind } from './knowledge-source';
import type { ChunkHit, VectorStore } from './vector-store.port';

const TOOLS: Readonly<Record<SourceKind, { name: string; description: string }>> = {
  web: {
    name: 'html_search',
    description:
      "Searches the web pages and sites this workspace uploaded to Tomo's knowledge (App Home → Web URL). Use it for questions about the team's own pages and documentation. Returns passages with their page; cite them as Markdown links.",
  },
  pdf: {
    name: 'pdf_search',
    description:
      "Searches the PDF documents this workspace uploaded to Tomo's knowledge (App Home → PDF). Use it for questions about the team's own documents, manuals and policies. Returns passages with their document and page; cite them as Markdown links.",
  },
  repository: {
    name: 'repository_search',
    description:
      "Searches the code repositories this workspace uploaded to Tomo's knowledge (App Home → Repository). Use it for questions about the team's code. Returns passages with their file and lines; cite them as Markdown links.",
  },
};

const MAX_QUERY = 1_000;
const RESULTS = 5;

/**
 * html_search, pdf_search, repository_search: vector and keyword search (fused) over one kind of the workspace's
 * uploaded sources, behind its plugin switch, offered only when such a source is ready.
 */
export function knowledgeSearchTool(kind: SourceKind, deps: { store: VectorStore; embeddings: Embeddings }): Tool {
  return {
    name: TOOLS[kind].name,
    description: TOOLS[kind].description,
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for, as a question or key words, in the language of the content.' } },
      required: ['query'],
      additionalProperties: false,
    },
    plugin: PLUGIN_OF_KIND[kind],
    plans: 'all',
    needs: { knowledgeBase: kind },
    status: () => ({ code: 'searching_knowledge' }),
    async run(args, context) {
      const query = typeof args.query === 'string' ? args.query.trim() : '';
      if (query === '') throw new ToolError('query must be a non-empty string');
      const text = query.slice(0, MAX_QUERY);
      const [embedding] = await deps.embeddings.embed([text], context.signal);
      const hits = await deps.store.search(context.teamId, { embedding: embedding!, text, kinds: [kind], limit: RESULTS });
      if (hits.length === 0) return { content: 'No uploaded passage matches.', untrusted: false };
      return {
        content: hits.map((hit, i) => formatHit(hit, i + 1)).join('\n\n'),
        untrusted: true,
        sources: uniqueSources(hits),
      };
    },
  };
}

/** Where a passage sits, as a person reads it: "page 3", "src/app.ts lines 10–24". */
export function placeOf(hit: Pick<ChunkHit, 'location'>): string {
  const { page, path, lineStart, lineEnd } = hit.location;
  if (path !== undefined) return lineStart !== undefined ? `${path} lines ${lineStart}–${lineEnd ?? lineStart}` : path;
  if (page !== undefined) return `page ${page}`;
  return '';
}

/** The link a citation should use: the exact page of a site, the file and lines on GitHub, the PDF's page. */
export function linkOf(hit: Pick<ChunkHit, 'kind' | 'url' | 'location'>): string | null {
  const { page, path, lineStart, lineEnd, url } = hit.location;
  if (url) return url;
  if (!hit.url) return null;
  if (hit.kind === 'repository' && path !== undefined) {
    const base = hit.url.replace(/\/$/, '');
    const file = `${base}/blob/HEAD/${path.split('/').map(encodeURIComponent).join('/')}`;
    return lineStart !== undefined ? `${file}#L${lineStart}-L${lineEnd ?? lineStart}` : file;
  }
  if (hit.kind === 'pdf' && page !== undefined && /^https?:/.test(hit.url)) return `${hit.url}#page=${page}`;
  return hit.url;
}

/** The source's name, and the page's own title for a page of a site ("Handbook › Leave policy"). */
export function titleOf(hit: Pick<ChunkHit, 'title' | 'location'>): string {
  const page = hit.location.title;
  return page && page !== hit.title ? `${hit.title} › ${page}` : hit.title;
}

function formatHit(hit: ChunkHit, n: number): string {
  const place = placeOf(hit);
  const link = linkOf(hit);
  const header = `[${n}] ${titleOf(hit)}${place ? ` (${place})` : ''}${link ? ` ${link}` : ''}`;
  return `${header}\n${hit.text}`;
}

function uniqueSources(hits: readonly ChunkHit[]): ToolSource[] {
  const seen = new Map<string, ToolSource>();
  for (const hit of hits) {
    const url = linkOf(hit);
    if (!url || seen.has(url)) continue;
    const place = placeOf(hit);
    seen.set(url, { kind: `knowledge_${hit.kind}`, url, title: place ? `${titleOf(hit)} (${place})` : titleOf(hit) });
  }
  return [...seen.values()];
}
