import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Rolldown } from 'vite';

// The smallest first-visit JavaScript the web stack allows: three one-page apps built like
// apps/web (Vite, production React, gzip -9), each adding one layer of the stack. The public
// pages cannot go below the last line, whatever the app does; web-routes.bench.ts measures
// the real pages. See docs/web.md "First-visit JavaScript".
const dir = resolve('node_modules/.cache/tomo-web-floor');

const layers: { name: string; source: string }[] = [
  {
    name: 'React 19: react-dom/client hydrateRoot of a static document',
    source: `
import { hydrateRoot } from 'react-dom/client';
hydrateRoot(document, <html><body><p>Hello</p></body></html>);`,
  },
  {
    name: '+ TanStack Router: one route, HeadContent, Link, scroll restoration',
    source: `
import { HeadContent, Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { hydrateRoot } from 'react-dom/client';
const root = createRootRoute({
  head: () => ({ meta: [{ title: 'Hello' }] }),
  component: () => <html><head><HeadContent /></head><body><Outlet /></body></html>,
});
const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Hello <Link to="/">home</Link></p> });
const router = createRouter({ routeTree: root.addChildren([index]), scrollRestoration: true, defaultPreload: 'intent' });
void router.load().then(() => hydrateRoot(document, <RouterProvider router={router} />));`,
  },
  {
    name: '+ i18next and react-i18next: one t() call',
    source: `
import { HeadContent, Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createInstance } from 'i18next';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
function Home() {
  const { t } = useTranslation();
  return <p>{t('hello', { name: 'Tomo' })} <Link to="/">home</Link></p>;
}
const root = createRootRoute({
  head: () => ({ meta: [{ title: 'Hello' }] }),
  component: () => <html><head><HeadContent /></head><body><Outlet /></body></html>,
});
const index = createRoute({ getParentRoute: () => root, path: '/', component: Home });
const router = createRouter({ routeTree: root.addChildren([index]), scrollRestoration: true, defaultPreload: 'intent' });
const i18n = createInstance();
i18n.use(initReactI18next);
void Promise.all([router.load(), i18n.init({ lng: 'en', resources: { en: { translation: { hello: 'Hello {{name}}' } } } })]).then(() =>
  hydrateRoot(document, <I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>),
);`,
  },
];

const gzipKiB = (code: string) => gzipSync(code, { level: 9 }).length / 1024;

async function bundleKiB(entry: string): Promise<number> {
  const result = (await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, modulePreload: false, rolldownOptions: { input: entry } },
  })) as Rolldown.RolldownOutput;
  return result.output.reduce((sum, file) => (file.type === 'chunk' ? sum + gzipKiB(file.code) : sum), 0);
}

await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
try {
  console.log('layer'.padEnd(72), 'JS KiB gz'.padStart(10));
  let last = 0;
  for (const [index, layer] of layers.entries()) {
    const entry = join(dir, `layer-${index}.tsx`);
    await writeFile(entry, layer.source);
    last = await bundleKiB(entry);
    console.log(layer.name.padEnd(72), last.toFixed(1).padStart(10));
  }
  console.log(`budget 100 KiB: ${(100 - last).toFixed(1)} KiB left for the frame, the routes, the page and its messages`);
  const assets = 'apps/web/dist/assets';
  const framework = existsSync(assets) ? readdirSync(assets).find((file) => /^framework-.*\.js$/.test(file)) : undefined;
  if (framework) console.log(`apps/web framework chunk (${framework}): ${gzipKiB(readFileSync(join(assets, framework), 'utf8')).toFixed(1)} KiB gz`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
