import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Handlers (`*-handlers.ts`) and the CLI reach ingestion and the model layer through their services'
 * operations and public entries, never through the parts behind them: the queue, scheduler, worker pool,
 * model calls and pipeline, or one provider's own folder.
 */
const INTERNALS: { pattern: RegExp; why: string }[] = [
  { pattern: /core\/ingest\/(runtime|queue|pipeline)\//, why: 'ingestion internals' },
  { pattern: /core\/ingest\/library-documents/, why: 'ingestion internals' },
  { pattern: /core\/llm\/(ollama|openai|builtin)\//, why: "a provider's own folder (use core/llm)" },
];

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from\s+|import\(\s*)'([^']+)'/g)].map((m) => m[1]!);
}

/** The offending imports of a file at `file` (relative specifiers resolved against it). */
function violations(file: string, text: string): string[] {
  return importsOf(text)
    .map((spec) => (spec.startsWith('.') ? path.posix.join(path.posix.dirname(file), spec) : spec))
    .flatMap((target) => INTERNALS.filter((i) => i.pattern.test(target)).map((i) => `${target}: ${i.why}`));
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.posix.join(dir, d.name);
    return d.isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('handlers and the CLI use service operations only', () => {
  it('finds an import of the scheduler or of the Ollama folder', () => {
    expect(
      violations(
        'src-main/cli/commands/x.ts',
        "import { createScheduler } from '../../core/ingest/runtime/scheduler';",
      ),
    ).toHaveLength(1);
    expect(
      violations('src-main/core/app/x-handlers.ts', "const m = await import('../llm/ollama/ollama-server');"),
    ).toHaveLength(1);
    expect(violations('src-main/cli/commands/x.ts', "import { createTasks } from '../../core/llm';")).toEqual(
      [],
    );
  });

  it('holds for every handler file and every CLI file', () => {
    // The model layer's own handlers (llm:*) are inside that layer: they may use its Ollama folder.
    const files = [
      ...walk('src-main/cli'),
      ...walk('src-main/core').filter(
        (f) => f.endsWith('-handlers.ts') && !f.startsWith('src-main/core/llm/'),
      ),
    ];
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) => violations(f, fs.readFileSync(f, 'utf8')).map((v) => `${f} → ${v}`));
    expect(found).toEqual([]);
  });
});
