import { createMemoryLogger } from '../core/deps';
import type { GlobalOptions } from './global-options';
import type { LibraryAccess } from './library-access';
import { INGEST_FIRST } from './next-step';

/**
 * A reading command's work on the library, opened here or through the process that holds it
 * (`library-access.ts`), which is closed whatever happens. The library code loads on first use, so a
 * command's `--help` stays quick. A command that needs no model passes `{ ...g, llm: 'builtin' }`.
 */
export async function readLibrary<T>(g: GlobalOptions, fn: (lib: LibraryAccess) => Promise<T>): Promise<T> {
  const lib = await (await import('./library-access')).openLibraryAccess(g, createMemoryLogger());
  try {
    return await fn(lib);
  } finally {
    await lib.close();
  }
}

/**
 * The same for a command that reads what ingestion made: an empty library gets the next step on stderr and
 * exit code 2, and `fn` does not run.
 */
export async function readIngestedLibrary(g: GlobalOptions, fn: (lib: LibraryAccess) => Promise<void>) {
  await readLibrary(g, async (lib) => {
    const { documents } = await lib.call('library:list', {});
    if (!documents.length) {
      process.stderr.write(`${INGEST_FIRST}\n`);
      process.exitCode = 2;
      return;
    }
    await fn(lib);
  });
}
