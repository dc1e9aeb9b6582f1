import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            '{engine,common,main,preload,client,scripts,eslint-rules}/**/*.test.ts',
            'tests/system/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
        },
      },
      {
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
