import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    sequence: { groupOrder: 2 },
    // Its own group after the integration files: both cores for the jsdom files, not one (Vitest's
    // default, cores − 1); sharing a pool with the integration files pushed them past their 15 s
    // timeout on a loaded machine (docs/decisions/040).
    maxWorkers: 2,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
