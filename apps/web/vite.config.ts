import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const DEV_PORT = 5173;
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const THEME = '#0b3a8c';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A file (registerSW.js) registers the worker: no inline script, so a strict CSP holds.
      // Deferred: the page does not stop parsing for it (it only registers after 'load' anyway).
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Dealer Portal',
        short_name: 'Dealer Portal',
        description: 'Dealer portal for the mobile and fibre reseller network',
        lang: 'en-ZA',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: '#f7f9fc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // Precache the page shell: index.html and the entry script it names (so a cached shell
        // never points at a chunk the server no longer has), registerSW.js (else every load
        // revalidates it over the network), the offline page, icons and styles. The other chunks
        // are left to the browser's HTTP cache, where they are immutable for a year: a copy in
        // the worker's cache cost a lookup and a bookkeeping write per chunk on every load, and
        // the disk twice. A first visit on prepaid data does not pay for every page of the app.
        // (Decision 039.)
        globPatterns: [
          'index.html',
          'assets/index-*.js',
          'registerSW.js',
          'offline.html',
          'offline.css',
          'favicon.svg',
          'icons/*.png',
        ],
        // Page loads are answered by the handler below (the shell), not by Workbox's fallback.
        navigateFallback: null,
        // No navigation preload: a page load no longer waits for the network, so a preloaded
        // index.html would be paid for and never read.
        navigationPreload: false,
        cleanupOutdatedCaches: true,
        // A new deploy's worker takes over as soon as it is installed: the next page load gets
        // the new shell (an open tab that asks for a chunk of the old build reloads, main.tsx).
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Pages (not /api/, not a file opened in a tab such as a logo): the precached shell at
            // once, no round trip on a slow line (the app asks /api/me itself). With no signal, the
            // offline page instead of an app that cannot reach its data; before the shell is
            // cached, the network. This function is copied into sw.js as text: it may use only the
            // worker's own globals.
            urlPattern: ({ request, url, sameOrigin }) =>
              sameOrigin &&
              request.mode === 'navigate' &&
              !url.pathname.startsWith('/api/') &&
              !/\.[a-z0-9]+$/i.test(url.pathname),
            handler: async ({ request }) => {
              const precached = async (pathname: string) => {
                for (const name of await caches.keys()) {
                  if (!name.startsWith('workbox-precache')) continue;
                  // The precache keys carry a revision (?__WB_REVISION__=…): one build's file each.
                  const hit = await (await caches.open(name)).match(pathname, { ignoreSearch: true });
                  if (hit) return hit;
                }
                return undefined;
              };
              const offline = async () => (await precached('/offline.html')) ?? Response.error();
              if (!self.navigator.onLine) return offline();
              const shell = await precached('/index.html');
              if (shell) return shell;
              return fetch(request).catch(offline);
            },
          },
          // Nothing else is matched: the worker lets those requests pass untouched. /assets/ comes
          // from the HTTP cache; nothing under /api/ is ever cached, so personal data stays off
          // the phone's disk and every answer is fresh.
        ],
      },
    }),
    // Brotli and gzip twins of every text file, served as they are by the API's static handler.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      exclude: /\.map$/,
      threshold: 512,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each page loads, read by the size budget (.size-limit.js).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Everything the entry needs before it runs in one file, not a dozen small ones: on a
        // 150 ms line each extra request costs a round trip and ~300 bytes of headers.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: DEV_PORT,
    strictPort: true,
    proxy: {
      '/api': {
        target: API_TARGET,
        // Keep the browser's Host; the API sees the same request the production build would send.
        changeOrigin: false,
        // No time-out on the socket: Server-Sent Events stay open for as long as the page listens.
        timeout: 0,
        proxyTimeout: 0,
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, _req, res) => {
            // Close the upstream request (an SSE stream in particular) when the browser goes away.
            res.on('close', () => {
              if (!res.writableEnded) proxyReq.destroy();
            });
          });
          proxy.on('proxyRes', (proxyRes) => {
            if (String(proxyRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
              // Stream event by event: the proxy pipes the body as it comes; nothing may compress or buffer it.
              proxyRes.headers['cache-control'] = 'no-cache, no-transform';
              proxyRes.headers['x-accel-buffering'] = 'no';
            }
          });
        },
      },
    },
  },
  preview: { port: 4173 },
});
