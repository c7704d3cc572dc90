import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run check` must refuse what the house rules forbid (docs/decisions/012). These probes write
// small offending files into the tree, run the same tools with the same configuration, and expect
// each to fail naming the rule; the probes are removed afterwards.

const root = path.resolve(import.meta.dirname, '..');
const probe = `zz-probe-${process.pid}`;
const written: string[] = [];

function write(relative: string, text: string): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(path.join(root, relative.split('/').slice(0, 5).join('/')));
  return relative;
}

function run(bin: string, args: string[]) {
  const result = spawnSync(path.join(root, 'node_modules/.bin', bin), args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const dir of new Set(written)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run check', () => {
  it('refuses SQL outside *.queries.ts and accepts it inside', () => {
    const service = write(
      `apps/server/src/modules/${probe}/probe.service.ts`,
      "import { sql } from 'drizzle-orm';\nexport const statement = sql`select 1`;\n",
    );
    const queries = write(
      `apps/server/src/modules/${probe}/probe.queries.ts`,
      "import { sql } from 'drizzle-orm';\nexport const statement = sql`select 1`;\n",
    );
    const refused = run('biome', ['lint', service]);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain("SQL belongs in the module's *.queries.ts");
    expect(run('biome', ['lint', queries]).status).toBe(0);
  });

  it('refuses an import cycle and a feature importing another feature', () => {
    const a = write(
      `apps/web/src/features/${probe}-a/one.ts`,
      "import { two } from './two.ts';\nexport const one = two;\n",
    );
    write(`apps/web/src/features/${probe}-a/two.ts`, "import { one } from './one.ts';\nexport const two = one;\n");
    const b = write(
      `apps/web/src/features/${probe}-b/three.ts`,
      `import { one } from '../${probe}-a/one.ts';\nexport const three = one;\n`,
    );
    const result = run('depcruise', [path.dirname(a), path.dirname(b), '--output-type', 'err']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('no-circular');
    expect(result.output).toContain('feature-imports-feature');
  });

  it("refuses a module reading another module's queries", () => {
    const reader = write(
      `apps/server/src/modules/${probe}-reader/reader.service.ts`,
      "import { findUniversityModuleFacts } from '../university/university-status.queries.ts';\nexport const read = findUniversityModuleFacts;\n",
    );
    const result = run('depcruise', [path.dirname(reader), '--output-type', 'err']);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('module-reads-other-modules-queries');
  });
});
