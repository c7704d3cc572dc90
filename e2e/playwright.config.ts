import { defineConfig, devices } from '@playwright/test';
import { e2eBasePort, e2eBaseUrl, e2eShardPort, e2eShards } from './environment.ts';

const port = e2eBasePort;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per port: runs on other ports (colleagues, CI) must not wipe each other's artifacts.
  outputDir: `../.tmp/e2e-results-${port}`,
  fullyParallel: false,
  // One worker per server (E2E_SHARDS, 1 unless `npm test` asks for more): a journey never shares
  // its server or database with another one running at the same time (docs/decisions/040).
  workers: e2eShards,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: `../.tmp/playwright-${port}.json` }]] : 'list',
  use: {
    // Workers load this file again with their parallel index set: each one gets its shard's server.
    baseURL: e2eBaseUrl,
    // Recording a trace costs every journey CPU (a DOM snapshot per action), about a tenth of the run
    // on a busy machine: CI records the retry of a failed journey only; a local run keeps the trace
    // of any failure (docs/decisions/051).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The journeys test pages, not the service worker: blocked so every load is fresh from the
    // server and page.route() sees every request. installable-offline.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } }],
  webServer: Array.from({ length: e2eShards }, (_, shard) => ({
    command: 'node --import tsx e2e/server.ts',
    cwd: '..',
    env: { E2E_SHARD: String(shard) },
    url: `http://localhost:${e2eShardPort(shard)}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  })),
});
