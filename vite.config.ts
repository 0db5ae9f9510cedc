import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { PUBLIC_PAGE_CACHE } from './common/matches/public-page';
import { PALETTE } from './common/core/palette';

/** The build folder as resolved (npm run build: dist/client; tests build elsewhere with --outDir). */
let outDir = path.resolve('dist/client');
const rememberOutDir: Plugin = {
  name: 'remember-out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/**
 * Two start-up chunks (docs/public-page.md): the entry (src/main.tsx: a few KB, no React), which a phone runs alone
 * while it shows the server's HTML of /, and 'public-app' (src/app/PublicApp.tsx: React, MUI's core and
 * the public shell), loaded when / is used (at once on a wide screen); the full app imports React from
 * it too. PublicApp.tsx is a build input of its own so that its static graph is tagged '$initial' as
 * rolldown computes it (modules it really uses), and grouped in one file; the entry's modules, walked
 * here from index.html (main.tsx: a handful of small files), stay in the entry.
 */
const PUBLIC_APP_INPUT = 'src/app/PublicApp.tsx';
const entryModules = new Set<string>();
const collectEntryModules: Plugin = {
  name: 'collect-entry-modules',
  apply: 'build',
  buildEnd() {
    entryModules.clear();
    const walk = (id: string) => {
      if (entryModules.has(id)) return;
      entryModules.add(id);
      this.getModuleInfo(id)?.importedIds.forEach(walk);
    };
    // index.html's modules: main.tsx and what Vite adds to the page (its modulepreload polyfill).
    for (const id of this.getModuleIds()) {
      if (this.getModuleInfo(id)?.isEntry && !id.endsWith(PUBLIC_APP_INPUT)) walk(id);
    }
  },
};

/**
 * The service worker precaches the app shell only: index.html, the manifest, the icons and the entry
 * chunk with its static imports (what / needs, read from Vite's manifest). Other screens' chunks are
 * cached when first used, never all downloaded at once on a parent's phone (docs/public-page.md).
 */
const shellOnly: ManifestTransform = (entries) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
  >;
  const shell = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || shell.has(chunk.file)) return;
    shell.add(chunk.file);
    chunk.css?.forEach((f) => shell.add(f));
    chunk.imports?.forEach(walk);
  };
  Object.keys(manifest)
    .filter((k) => manifest[k].isEntry)
    .forEach(walk);
  return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
};

export default defineConfig({
  plugins: [
    react(),
    rememberOutDir,
    collectEntryModules,
    VitePWA({
      // main.tsx registers /sw.js itself (no inline script: the CSP allows only 'self').
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Calendario Partite Garibaldina',
        short_name: 'Garibaldina',
        description: 'Calendario delle partite delle categorie giovanili della Garibaldina',
        lang: 'it',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: PALETTE.primary,
        background_color: PALETTE.background,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.js'],
        manifestTransforms: [shellOnly],
        // Any page of the app opens from the cached shell; API, auth and files never do. '/' has a rule
        // of its own below (not the precached index.html either: no directory index).
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/$/, /^\/api\//, /^\/auth\//, /^\/rest\//, /\/[^/]+\.[A-Za-z0-9]+$/],
        directoryIndex: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // '/': the server's page with the list (docs/public-page.md), for a returning visitor too. Network first;
            // with no network (or none within 4 s) its last copy, which the page marks as old
            // (src/app/publicHome.ts isKeptCopy); with no copy yet, the precached shell. The page is the
            // same for everyone (public data, no token in it).
            urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && url.pathname === '/',
            handler: 'NetworkFirst',
            options: {
              cacheName: PUBLIC_PAGE_CACHE,
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 5 },
              cacheableResponse: { statuses: [200] },
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            // The one API answer kept: the public list, fetched without a token. Network first; the copy
            // answers when there is no network (or none within 4 s). Nothing under /api (else), /auth/v1
            // or /rest/v1 matches any rule, so no signed-in answer or token is ever stored.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin && url.pathname === '/api/partite/public' && !request.headers.has('authorization'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'partite-pubbliche',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 30 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Content-hashed chunks of the other screens, once used (they never change).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 120 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // No polyfill of <link rel="modulepreload"> in the entry (every browser the app supports has it;
    // without it a chunk's imports load one after the other, nothing breaks): 0.5 KB gzip (the public page's budget, docs/testing.md).
    modulePreload: { polyfill: false },
    // dist/client/.vite/manifest.json: bench/bundle-size.mjs reads the entry chunk and its static imports.
    manifest: true,
    rolldownOptions: {
      input: { index: path.resolve('index.html'), 'public-app': path.resolve(PUBLIC_APP_INPUT) },
      output: {
        codeSplitting: {
          // What the entry needs at start-up (a few KB, no React) in one file; then React and the public
          // shell in one file rather than several shared chunks (gzip sees one stream); screens stay lazy
          // chunks of their own.
          groups: [
            { name: 'app', tags: ['$initial'], test: (id) => entryModules.has(id), priority: 3 },
            { name: 'public-app', tags: ['$initial'], priority: 2 },
            // The filter fields, which a wide screen loads right after the public page (docs/public-page.md), in one
            // file with the input components they need: one request and one gzip stream.
            {
              name: 'filter-fields',
              priority: 1,
              test: /src[\\/]features[\\/]matches[\\/]FilterFields|@mui[\\/]material[\\/](InputBase|OutlinedInput|InputLabel|FormControl|FormLabel|NativeSelect|Input|TextareaAutosize|SvgIcon|InputAdornment)[\\/]|@mui[\\/]icons-material[\\/]esm[\\/]ArrowDropDown/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth/v1': 'http://localhost:3000',
      '/rest/v1': 'http://localhost:3000',
    },
  },
});
