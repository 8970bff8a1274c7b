import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// electron-vite needs Electron's major version; without the binary package it reads this variable.
process.env.ELECTRON_MAJOR_VER ??= '45';

const r = (p: string) => resolve(import.meta.dirname, p);

/**
 * One build for every process: the main bundle also carries the CLI (`ariadne`) and the worker entry
 * points, so the desktop app and `ariadne serve` run the very same core. Native modules stay external.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // zod is bundled: as a package it is ~80 ES modules, resolved and compiled one by one at every start
      // (~40 ms of CPU in `ariadne status`); bundled, it is part of one chunk.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: {
          'electron-main': r('src-main/electron/main.ts'),
          cli: r('src-main/cli/main.ts'),
          'parse-worker': r('src-worker/parse-worker.ts'),
          'ingest-worker': r('src-worker/ingest-worker.ts'),
        },
        external: ['kuzu', '@lancedb/lancedb', 'electron'],
        // In a chunk of its own, loaded with the first module that uses it (`--help` does not).
        output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] } },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload may require only 'electron': bundle everything else into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: r('src-main/preload/preload.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    base: './',
    publicDir: r('src-renderer/public'),
    plugins: [react()],
    build: {
      outDir: r('out/renderer'),
      chunkSizeWarningLimit: 2500,
      rollupOptions: { input: { index: r('src-renderer/index.html') } },
    },
  },
});
