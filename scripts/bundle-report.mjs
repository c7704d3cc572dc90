// `npm run report:bundle`: writes docs/bundle-report.md from the last web build — what each first
// page loads (brotli sizes, as sent) and what the largest chunks are made of (from source maps).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const dist = 'apps/web/dist';
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
const size = (file) => statSync(`${dist}/${file}`).size;
const br = (file) => (existsSync(`${dist}/${file}.br`) ? size(`${file}.br`) : size(file));
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

/** Minified bytes of a chunk per npm package (or app folder), read from its source map. */
function makeup(file) {
  const mapFile = `${dist}/${file}.map`;
  if (!existsSync(mapFile)) return [];
  const code = readFileSync(`${dist}/${file}`, 'utf8').split('\n');
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const decode = (text) => {
    const out = [];
    let value = 0;
    let shift = 0;
    for (const ch of text) {
      let digit = digits.indexOf(ch);
      const more = digit & 32;
      digit &= 31;
      value += digit << shift;
      if (more) shift += 5;
      else {
        out.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    return out;
  };
  const totals = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    let column = 0;
    const segments = line.split(',').filter(Boolean).map(decode);
    segments.forEach((segment, i) => {
      column += segment[0];
      if (segment.length > 1) source += segment[1];
      const end = i + 1 < segments.length ? column + segments[i + 1][0] : (code[index]?.length ?? column);
      const name = map.sources[source] ?? '?';
      const pkg = name.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const key = pkg
        ? pkg[1]
        : `app: ${name
            .replace(/^.*?\/src\//, 'src/')
            .split('/')
            .slice(0, 3)
            .join('/')}`;
      totals.set(key, (totals.get(key) ?? 0) + (end - column));
    });
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const pages = [
  ['/login', ['src/features/accounts/pages/login-page.tsx']],
  ['/phone-login', ['src/features/accounts/pages/phone-login-page.tsx']],
  ['agent dashboard (/)', ['src/app/shell/app-shell.tsx', 'src/app/dashboard-route.tsx']],
];

const lines = [
  '# Bundle report',
  '',
  'Written by `npm run report:bundle` from the last `npm run build`; the budget itself is',
  '`.size-limit.js`, checked by `npm run check`. Sizes are bytes as sent: brotli, from the',
  "build's `.br` files (kB = 1000 bytes).",
  '',
  '## What the first pages load',
  '',
  '| page | JavaScript files | minified | brotli (over the wire) |',
  '|---|---|---|---|',
];
for (const [name, modules] of pages) {
  const files = [...closure(['index.html', ...modules]), 'registerSW.js'];
  const raw = files.reduce((sum, f) => sum + size(f), 0);
  const wire = files.reduce((sum, f) => sum + br(f), 0);
  lines.push(`| ${name} | ${files.length} | ${kb(raw)} | ${kb(wire)} |`);
}
const login = [...closure(['index.html', 'src/features/accounts/pages/login-page.tsx'])];
lines.push('', '### /login, file by file', '', '| file | brotli | mostly |', '|---|---|---|');
for (const file of login.sort((a, b) => br(b) - br(a)).slice(0, 12)) {
  const parts = makeup(file)
    .slice(0, 3)
    .map(([k, v]) => `${k} ${kb(v)}`)
    .join(', ');
  lines.push(`| \`${file.replace(/-[\w-]{8}\.js$/, '.js')}\` | ${kb(br(file))} | ${parts} |`);
}
const others = login.length - 12;
if (others > 0) lines.push(`| ${others} smaller files | ${kb(login.slice(12).reduce((s, f) => s + br(f), 0))} | |`);

const all = readdirSync(`${dist}/assets`).filter((f) => f.endsWith('.js'));
lines.push(
  '',
  '## Largest chunks of the whole app',
  '',
  'Loaded only by the pages that use them (route-level splitting).',
  '',
  '| chunk | minified | brotli | mostly |',
  '|---|---|---|---|',
);
for (const name of all.sort((a, b) => size(`assets/${b}`) - size(`assets/${a}`)).slice(0, 10)) {
  const file = `assets/${name}`;
  const parts = makeup(file)
    .slice(0, 3)
    .map(([k, v]) => `${k} ${kb(v)}`)
    .join(', ');
  lines.push(`| \`${name.replace(/-[\w-]{8}\.js$/, '.js')}\` | ${kb(size(file))} | ${kb(br(file))} | ${parts} |`);
}
lines.push(
  '',
  `${all.length} JavaScript chunks in all, ${kb(all.reduce((s, f) => s + size(`assets/${f}`), 0))} minified, ${kb(all.reduce((s, f) => s + br(`assets/${f}`), 0))} brotli.`,
  '',
);
writeFileSync('docs/bundle-report.md', `${lines.join('\n')}`);
console.log('docs/bundle-report.md written');
