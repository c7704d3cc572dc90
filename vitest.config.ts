import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // Vitest's default is cores − 1, one worker here: both cores (docs/decisions/040).
          maxWorkers: 2,
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores here: a few files at a time keeps PostgreSQL and the hashing responsive.
          maxWorkers: 3,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
