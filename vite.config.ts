// Vite: builds the web client (src/web, entry index.html) into dist/, which the server serves, with its web app
// manifest and a Workbox service worker (vite-plugin-pwa) so it installs on a phone.
// In development it proxies /api to the server (node --import tsx src/server/main.ts on port 3000).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { iconSprite } from './scripts/vite-icon-sprite.ts';
import { pagePreloads } from './scripts/vite-page-preloads.ts';

const night = '#0f1117';

export default defineConfig({
  plugins: [
    iconSprite(),
    pagePreloads(),
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // <script defer src="/registerSW.js">: the page's policy allows only its own scripts, never inline ones, and
      // a deferred one never holds up the first paint (a plain one in <head> did: npm run budget).
      injectRegister: 'script-defer',
      manifest: {
        id: '/',
        name: 'Runeborn',
        short_name: 'Runeborn',
        description:
          'Collect server-forged heroes and send them into auto-battles, arena duels and dungeons.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: night,
        theme_color: night,
        categories: ['games'],
        // Made from public/sigil.svg by `npm run icons` (pwa-assets.config.ts).
        icons: [
          { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell (scripts, styles, fonts, icons) and the offline page are cached at install. The page
        // itself is not: it always comes from the server, and from the offline page when there is no network.
        globPatterns: ['**/*.{js,css,woff,woff2,svg,png,ico}', 'offline.html'],
        globIgnores: ['index.html', '**/node_modules/**'],
        navigateFallback: null,
        navigationPreload: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // Art is drawn from its address alone and never changes (the server marks it immutable). No other
            // /api address has a route here, so the worker never answers one: every answer comes from the server.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/art/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'art',
              expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.ts reads the manifest to measure what the first screen loads.
    manifest: true,
    target: 'es2022',
    // Browsers that run es2022 preload modules themselves; the polyfill was the one module both pages shared.
    modulePreload: { polyfill: false },
    // The app, and the page the service worker shows without a network.
    rolldownOptions: {
      input: { index: 'index.html', offline: 'offline.html' },
      output: {
        // Everything the app's entry imports statically is one chunk: left alone, the bundler split out the
        // modules the lazy screens share with it (React, the query client, icons, rules), and the first screen
        // waited on six scripts (npm run budget). The offline page's entry shares nothing with it.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], test: (id) => !/offline/.test(id) }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
