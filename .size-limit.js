// The JavaScript budget of the first pages, checked by `npm run size` (part of `npm run check`).
// Which files a page loads comes from the build's manifest (apps/web/dist/.vite/manifest.json): the
// entry with every chunk it imports, plus the page's own lazy chunks and theirs. Sizes are
// brotli-compressed, as the server sends them (the build writes .br twins).
import { existsSync, readFileSync } from 'node:fs';

const dist = 'apps/web/dist';
const manifestFile = `${dist}/.vite/manifest.json`;
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The files a module needs before it runs: itself and its static imports, recursively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed?): update .size-limit.js`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const page = (...lazyModules) =>
  [
    ...closure(['index.html', ...lazyModules.map((m) => `src/${m}`)]),
    // The worker's registration script (a file, not inline) loads on every page too.
    'registerSW.js',
  ].map((file) => `${dist}/${file}`);

export default [
  {
    name: '/login (JavaScript, brotli)',
    path: page('features/accounts/pages/login-page.tsx'),
    limit: '200 kB',
    brotli: true,
  },
  {
    // Keeps zod for now (22 kB of the total): its domain module (accounts/phone-sign-in) mixes
    // schemas with helpers. 220 kB had no headroom once the university, commissions and contracts
    // routes joined the route table in the entry chunk (+1.5 kB); 224 kB until the table or zod
    // leaves this page's first load.
    name: '/phone-login (JavaScript, brotli)',
    path: page('features/accounts/pages/phone-login-page.tsx'),
    limit: '224 kB',
    brotli: true,
  },
  {
    name: 'agent dashboard / (JavaScript, brotli)',
    path: page('app/shell/app-shell.tsx', 'app/dashboard-route.tsx'),
    limit: '350 kB',
    brotli: true,
  },
];
