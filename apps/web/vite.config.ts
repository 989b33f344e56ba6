import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderSite } from './prerender/prerender-site.ts';
import { readSiteSettings, siteBuildDefines } from './prerender/site-defines.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
// The server bundle is only a build tool for prerendering; it must never be served, so it
// lives outside dist/ (node_modules/.cache is ignored by git like the rest of node_modules).
const ssrOutDir = fileURLToPath(new URL('../../node_modules/.cache/tomo-web-ssr', import.meta.url));

// `vite build --config apps/web/vite.config.ts` builds the browser bundle, then the server
// bundle, then prerenders every public route per locale into dist/ (see prerender/).
// `--mode development` (npm run dev) fills unset site links with placeholders; any other build
// leaves them out and warns about them and about a missing PUBLIC_URL.
export default defineConfig(({ mode }) => {
  const { settings, warnings } = readSiteSettings(process.env, { development: mode === 'development' });
  // Vite loads this file more than once per build (a fresh module each time): say it once.
  const said = globalThis as { tomoWebBuildWarned?: boolean };
  if (!said.tomoWebBuildWarned) for (const warning of warnings) console.warn(`\x1b[33m[web build] WARNING: ${warning}\x1b[0m`);
  said.tomoWebBuildWarned = true;
  return {
    root: webRoot,
    publicDir: 'public',
    define: siteBuildDefines(settings),
    plugins: [
      // The router plugin must run before react() so split route chunks get React's transform.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
        generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
        quoteStyle: 'single',
        semicolons: true,
      }),
      react(),
    ],
    environments: {
      client: {
        build: {
          outDir,
          emptyOutDir: true,
          manifest: true,
          sourcemap: process.env.WEB_SOURCEMAP === '1',
          assetsInlineLimit: 0,
          // No preload helper list in the entry: each prerendered page already modulepreloads
          // exactly what its first render needs (prerender/asset-tags.ts). On a client-side
          // navigation a route chunk then fetches its shared imports itself (one more round
          // trip, usually hidden by the router's preload on hover). CSS of lazy chunks is
          // still loaded by Vite either way.
          modulePreload: false,
          rolldownOptions: {
            input: fileURLToPath(new URL('./src/app/entry-client.tsx', import.meta.url)),
            output: {
              codeSplitting: {
                groups: [
                  // The framework every page needs, as one long-cached chunk (fewer requests,
                  // better gzip than many small shared chunks). Named packages only: any
                  // other library stays with the (lazy) chunks that import it, so a library
                  // used by one settings page never lands in every page's first load.
                  {
                    name: 'framework',
                    test: /node_modules[\\/](?:react|react-dom|scheduler|use-sync-external-store|@tanstack|i18next|react-i18next)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
      ssr: {
        build: {
          outDir: ssrOutDir,
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { input: { 'entry-server': fileURLToPath(new URL('./src/app/entry-server.tsx', import.meta.url)) } },
        },
      },
    },
    builder: {
      async buildApp(builder) {
        await builder.build(builder.environments.client!);
        await builder.build(builder.environments.ssr!);
        await prerenderSite({ outDir, serverEntry: `${ssrOutDir}/entry-server.js`, origin: settings.origin });
      },
    },
};
});
