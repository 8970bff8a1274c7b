import { defineConfig } from 'vitest/config';

// Three projects, one runner: unit tests sit beside the code, integration tests use real Kùzu, LanceDB,
// HTTP and the Ollama simulator in temp dirs, e2e drives the built app in Debian Chromium.
// Timeouts are hang detectors sized for a loaded 2-core machine (load average 15–25 measured here), never
// speed checks; crash and fault tests derive theirs from their rounds (test/helpers/work-budget.ts).
export default defineConfig({
  test: {
    // The headroom reporter names any test that used more than half of its timeout (see the file).
    reporters: ['default', './test/helpers/headroom-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src-main/**/*.test.ts',
            'src-worker/**/*.test.ts',
            'src-renderer/**/*.test.{ts,tsx}',
            'test/sim/**/*.test.ts',
            'test/lint/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          // A hook starts `ariadne serve` (up to 90 s on a loaded machine, see test/helpers/serve-process.ts)
          // and Chromium.
          hookTimeout: 240_000,
          // expect.poll gives up after 1 s by default; a download or a re-render on a loaded machine can take
          // longer (measured under stress-ng --cpu 2), so polls here are hang detectors too.
          expect: { poll: { timeout: 20_000 } },
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
