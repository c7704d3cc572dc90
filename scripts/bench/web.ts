// `npm run bench:web`: loads `/login` and the agent's dashboard in Debian's Chromium over a slow
// mobile network (CDP throttling) and prints what a phone pays: bytes over the wire, requests and
// the time until the page shows its content, on a cold start (empty cache) and a warm one (same
// browser profile again: HTTP cache and service worker). Then Lighthouse's mobile performance
// score of `/login` on the same Chromium. Starts the built app itself (`npm run build` first) on
// BENCH_WEB_PORT (3290) with a fresh demo database, like the end-to-end server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';

const port = Number(process.env.BENCH_WEB_PORT ?? 3290);
const base = `http://localhost:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];
/** A slow 3G-ish prepaid line: 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
const SLOW = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
const warmVisits = Math.max(1, Number(process.env.BENCH_WEB_WARM_VISITS ?? 1));
const PHONE = { viewport: { width: 400, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

interface Load {
  bytes: number;
  jsBytes: number;
  /** JavaScript that had arrived when the content showed: what the page itself needed. */
  jsBytesShown: number;
  /** The same without the responses' headers: the compressed scripts, as the size budget counts them. */
  jsBodiesShown: number;
  jsBodies: number;
  requests: number;
  ms: number;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'e2e/server.ts'], {
    env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the app did not start');
}

/** Counts what crosses the network for one page load (the page's and its service worker's). */
async function measure(context: BrowserContext, page: Page, url: string, ready: (p: Page) => Promise<void>) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  const load: Load = { bytes: 0, jsBytes: 0, jsBytesShown: 0, jsBodiesShown: 0, jsBodies: 0, requests: 0, ms: 0 };
  const types = new Map<string, { type: string; cached: boolean; headerBytes: number }>();
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, {
      type: e.type,
      cached: Boolean(e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache),
      // Bytes received when the headers were in: the rest of the request's total is its body.
      headerBytes: e.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const seen = types.get(e.requestId);
    if (!seen || seen.cached || e.encodedDataLength <= 0) return;
    load.requests += 1;
    load.bytes += e.encodedDataLength;
    if (seen.type === 'Script') {
      load.jsBytes += e.encodedDataLength;
      load.jsBodies += Math.max(0, e.encodedDataLength - seen.headerBytes);
    }
  });
  // The service worker's own fetches (its precache, chunks it had not kept yet) are paid for too,
  // unless the browser's HTTP cache answered them (no body over the network).
  const fromWorker = async (request: import('@playwright/test').Request) => {
    if (!request.serviceWorker()) return;
    const [sizes, response] = await Promise.all([request.sizes().catch(() => undefined), request.response()]);
    if (!sizes || !response) return;
    const fetched = sizes.responseBodySize > 0 || response.status() === 304;
    if (!fetched) return;
    load.requests += 1;
    const bytes = Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize);
    load.bytes += bytes;
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js')) {
      load.jsBytes += bytes;
      load.jsBodies += Math.max(0, sizes.responseBodySize);
    }
  };
  context.on('requestfinished', fromWorker);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  load.ms = Date.now() - started;
  load.jsBytesShown = load.jsBytes;
  load.jsBodiesShown = load.jsBodies;
  // Let late requests (service worker install, prefetches) finish and count.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  context.off('requestfinished', fromWorker);
  await cdp.detach();
  return load;
}

const loginReady = (p: Page) => p.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 60_000 });
const dashboardReady = (p: Page) => p.getByText('Welcome back').waitFor({ timeout: 60_000 });

async function signInByApi(context: BrowserContext) {
  const answer = await context.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email: 'agent@demo.co.za', password: 'Demo1234!' },
    headers: { origin: base },
  });
  if (!answer.ok()) throw new Error(`sign-in failed: ${answer.status()} ${await answer.text()}`);
}

async function coldAndWarm(name: string, url: string, ready: (p: Page) => Promise<void>, signedIn: boolean) {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args,
    ...PHONE,
    // BENCH_WEB_SW=block measures the same loads without the service worker (HTTP cache only).
    serviceWorkers: process.env.BENCH_WEB_SW === 'block' ? 'block' : 'allow',
  });
  try {
    if (signedIn) await signInByApi(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const cold = await measure(context, page, url, ready);
    // A new visit later: the tab is closed and the page opened again (not a reload). On a shared
    // machine the time varies from visit to visit: BENCH_WEB_WARM_VISITS=5 reports the median.
    let last = page;
    const warms: Load[] = [];
    for (let visit = 0; visit < warmVisits; visit++) {
      await last.close();
      last = await context.newPage();
      warms.push(await measure(context, last, url, ready));
    }
    const times = warms.map((load) => load.ms).sort((a, b) => a - b);
    const warm = { ...warms[0], ms: times[Math.floor(times.length / 2)] } as Load;
    return { name, cold, warm };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function lighthouseScore(): Promise<string> {
  let lighthouse: typeof import('lighthouse').default;
  let launch: typeof import('chrome-launcher').launch;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch {
    return 'n/a (lighthouse not installed)';
  }
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...args] });
  try {
    const result = await lighthouse(`${base}/login`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    if (!lhr) return 'n/a';
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    return `${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')})`;
  } finally {
    chrome.kill();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const server = await startServer();
try {
  const rows = [
    await coldAndWarm('/login', `${base}/login`, loginReady, false),
    await coldAndWarm('dashboard (agent)', `${base}/`, dashboardReady, true),
  ];
  console.log(`\nslow mobile profile: 1.6 Mbps down, 750 kbps up, 150 ms RTT; phone viewport 400 px\n`);
  // "JS until shown" is what the page needed to show its content; "JS over the wire" adds what
  // came after (the service worker installing itself, prefetches).
  console.log(
    '| page | visit | JS until shown (scripts only) | JS until shown | JS over the wire | all bytes | requests | content shown |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    for (const [visit, load] of [
      ['cold', row.cold],
      [warmVisits > 1 ? `warm (median of ${warmVisits})` : 'warm', row.warm],
    ] as const) {
      console.log(
        `| ${row.name} | ${visit} | ${kb(load.jsBodiesShown)} | ${kb(load.jsBytesShown)} | ${kb(load.jsBytes)} | ${kb(load.bytes)} | ${load.requests} | ${(load.ms / 1000).toFixed(2)} s |`,
      );
    }
  }
  if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') {
    console.log(`\nLighthouse mobile performance, /login: ${await lighthouseScore()}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
