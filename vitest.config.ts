import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One pool for the three projects: the unit and web files fill the cores while integration
    // files wait on PostgreSQL. Vitest runs projects with different maxWorkers one after the other
    // (and the default is one worker on two cores), which left a core idle for the unit and web
    // files (docs/decisions/040). Two cores here: three files at a time keeps PostgreSQL and the
    // hashing responsive.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
