import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const DEV_PORT = 5173;
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
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
