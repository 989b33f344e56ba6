// Turns Vite's client manifest into the <head> tags of one prerendered page: the stylesheet,
// module preloads for everything the page's first render needs, and the entry script.
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export const clientEntryKey = 'src/app/entry-client.tsx';

/** Manifest keys of a route's split component: '/{-$locale}/features/' → '.../features/index.tsx?tsr-split=component'. */
export function routeChunkKeys(routeId: string): string[] {
  const base = `src/routes${routeId}`;
  const files = routeId.endsWith('/') ? [`${base}index.tsx`] : [`${base}.tsx`, `${base}/route.tsx`];
  return files.map((file) => `${file}?tsr-split=component`);
}

function collect(manifest: Manifest, key: string, seen: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen);
}

/** Every JS file the first render of a page needs (the entry and its imports first). */
export function pageScripts(manifest: Manifest, routeIds: readonly string[], messageFiles: readonly string[]): string[] {
  const seen = new Set<string>();
  collect(manifest, clientEntryKey, seen);
  for (const routeId of routeIds) for (const key of routeChunkKeys(routeId)) collect(manifest, key, seen);
  for (const file of messageFiles) collect(manifest, `src/locales/${file}.ts`, seen);
  return [...seen].map((key) => `/${manifest[key]!.file}`);
}

export function assetTags(manifest: Manifest, scripts: readonly string[]): string {
  const entry = manifest[clientEntryKey];
  if (!entry) throw new Error(`The client manifest has no ${clientEntryKey}`);
  const entryFile = `/${entry.file}`;
  const styles = (entry.css ?? []).map((file) => `<link rel="stylesheet" href="/${file}">`);
  const preloads = scripts.filter((file) => file !== entryFile).map((file) => `<link rel="modulepreload" href="${file}">`);
  return [...styles, ...preloads, `<script type="module" src="${entryFile}"></script>`].join('');
}

/** Adds asset tags at the end of <head>; React leaves elements it did not render alone when hydrating. */
export function injectIntoHead(html: string, tags: string): string {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('Rendered page has no </head>');
  return `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
