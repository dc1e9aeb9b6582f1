import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Generous ceilings, not speed checks: property tests and real daemons run on a 2-core CI machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            '{engine,common,files,main,preload,client,scripts,eslint-rules}/**/*.test.ts',
            'tests/system/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
        },
      },
      {
        // The real agents run as a step of their own, one file at a time, so they do not share two cores
        // with the rest of the suite.
        extends: true,
        test: {
          name: 'agents',
          environment: 'node',
          include: ['tests/agents/**/*.test.ts'],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
