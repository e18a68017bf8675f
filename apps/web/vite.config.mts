import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const fromRoot = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const LIBRARY_SOURCE = /[\\/]libs[\\/](domain|contracts)[\\/]src[\\/]/;

// The API process (http://localhost:3000) serves the built app and /api on one origin;
// in development Vite serves the app on 4200 and forwards /api there.
// `vite build --ssr src/entry-server.tsx` builds the server renderer into dist/web-server
// (docs/decisions/0003-server-side-rendering.md).
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@husly/domain', replacement: fromRoot('libs/domain/src/index.ts') },
      // Before '@husly/contracts', which would otherwise take '@husly/contracts/browser' as a path inside it.
      { find: '@husly/contracts/browser', replacement: fromRoot('libs/contracts/src/browser/index.ts') },
      { find: '@husly/contracts', replacement: fromRoot('libs/contracts/src/index.ts') },
    ],
  },
  server: {
    port: 4200,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: { port: 4200 },
  build: isSsrBuild
    ? {
        outDir: fromRoot('dist/web-server'),
        emptyOutDir: true,
        copyPublicDir: false,
        // CommonJS, so the API (compiled to CommonJS, and run inside Vitest's module runner in its
        // tests, where a native dynamic import() is unavailable) can require() it.
        rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' } },
      }
    : {
        outDir: fromRoot('dist/web'),
        emptyOutDir: true,
        // dist/web/.vite/manifest.json: each page module's chunk, the chunks it imports and its CSS,
        // which the server render turns into the page's preload and stylesheet tags
        // (src/lib/page-assets.ts, docs/decisions/0022-route-code-splitting.md).
        manifest: true,
        // Every browser we serve preloads modules itself (Chrome 66, Firefox 115, Safari 17); one
        // without only loses the head start. The polyfill cost every page 0.3 KB gzip.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // Our libraries run nothing on import. Said so, a module the pages import through the
          // '@husly/domain' barrel goes to the chunks that use it; otherwise the barrel made every one
          // part of the shell's imports, and the whole used library went into the shell (issue 16).
          treeshake: { moduleSideEffects: (id: string) => (LIBRARY_SOURCE.test(id) ? false : undefined) },
          output: {
            // Named by their hash alone: every chunk's imports and the shell's table of what each page
            // chunk needs (Vite's preload map) repeat these names, and the readable part cost every
            // landing page about 0.6 KB gzip. The build manifest (.vite/manifest.json) maps a source
            // module to its file (docs/decisions/0034-islands.md).
            entryFileNames: 'assets/[hash].js',
            chunkFileNames: 'assets/[hash].js',
            assetFileNames: 'assets/[hash][extname]',
            // What every page loads, in two chunks: the libraries (React, React DOM, React Router), which
            // stay cached across our deploys, and the app shell (layout, providers, loaders). Without
            // these groups the shell is cut into a dozen small chunks by which pages share each module.
            // The pages' own code is split per page by their lazy imports (src/lib/lazy-pages.ts).
            codeSplitting: {
              groups: [
                { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
                { name: 'app', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
}));
