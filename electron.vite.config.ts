import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { index: resolve(root, 'main/app/main.ts') },
        external: ['better-sqlite3', 'keytar', 'node-notifier', 'web-tree-sitter', 'tree-sitter-bash'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but a few Electron modules, so it is one self-contained file.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(root, 'preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
        // `ignore` (CommonJS, used by the engine's path rules) does nothing on load; saying so lets the
        // renderer, which imports engine/index.ts but never matches paths, leave its 18 KB out.
        treeshake: { moduleSideEffects: (id) => !id.includes('/node_modules/ignore/') },
      },
    },
  },
});
