import fs from 'node:fs';
import { Option, type Command } from 'commander';
import type { ExportFile } from '../../contract/export';
import type { GlobalOptions } from '../global-options';
import type { LibraryAccess } from '../library-access';
import { readLibrary } from '../read-library';

/**
 * Opens the library to read (its queue never runs), or goes through the process holding it (an export
 * failed "in use" next to a running `serve`), runs `fn`, writes the file.
 */
async function exportWith(
  cmd: Command,
  out: string | undefined,
  fn: (call: LibraryAccess['call']) => Promise<ExportFile>,
  opts: { provider?: boolean } = {},
) {
  const g = cmd.optsWithGlobals<GlobalOptions>();
  // Only an answer needs the configured model; the other exports read the library.
  await readLibrary({ ...g, llm: opts.provider ? g.llm : 'builtin' }, async (lib) => {
    const file = await fn(lib.call.bind(lib));
    if (out) {
      fs.writeFileSync(out, file.text);
      process.stderr.write(`wrote ${out} (${file.text.length.toLocaleString()} characters)\n`);
    } else {
      process.stdout.write(file.text);
    }
  });
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** `ariadne export …`: the graph as GraphML/CSV, a document's evidence as CSV, the library as BibTeX. */
export function registerExport(program: Command) {
  const exp = program
    .command('export')
    .description('Export the graph (GraphML, CSV), a document’s evidence (CSV) or the library (BibTeX)');

  exp
    .command('graph')
    .description('The graph, or the part the filters keep, as GraphML or CSV')
    .addOption(
      new Option('--format <format>', 'file format')
        .choices(['graphml', 'csv-nodes', 'csv-edges'])
        .default('graphml'),
    )
    .option('--doc <id>', 'only evidence from this document (repeatable)', collect)
    .option('--type <type>', 'only entities of this type (repeatable)', collect)
    .option('--min-evidence <n>', 'only entities with at least n pieces of evidence', '1')
    .option('-o, --out <file>', 'write to a file instead of standard output')
    .action(
      async (
        o: {
          format: 'graphml' | 'csv-nodes' | 'csv-edges';
          doc?: string[];
          type?: string[];
          minEvidence: string;
          out?: string;
        },
        cmd: Command,
      ) =>
        exportWith(cmd, o.out, (call) =>
          call('export:graph', {
            format: o.format,
            limit: 50_000,
            filters: {
              direction: 'both',
              minEvidence: Math.max(1, Number(o.minEvidence) || 1),
              ...(o.doc ? { documentIds: o.doc } : {}),
              ...(o.type ? { entityTypes: o.type } : {}),
            },
          }),
        ),
    );

  exp
    .command('evidence')
    .description('One document’s evidence as CSV: source, relation, target, quote, page')
    .argument('<document-id>', 'the document (ids: ariadne status --json)')
    .option('-o, --out <file>', 'write to a file instead of standard output')
    .action(async (documentId: string, o: { out?: string }, cmd: Command) =>
      exportWith(cmd, o.out, (call) => call('export:evidence', { documentId })),
    );

  exp
    .command('answer')
    .description('Ask a question and write the answer as Markdown with a BibTeX bibliography of its sources')
    .argument('<question>', 'the question')
    .addOption(
      new Option('--mode <mode>', 'answer mode')
        .choices(['auto', 'agentic', 'local', 'global', 'naive'])
        .default('auto'),
    )
    .option('-o, --out <file>', 'write to a file instead of standard output')
    .action(
      async (
        question: string,
        o: { mode: 'auto' | 'agentic' | 'local' | 'global' | 'naive'; out?: string },
        cmd: Command,
      ) =>
        exportWith(
          cmd,
          o.out,
          async (call) => {
            const a = await call('qa:ask', { question, mode: o.mode });
            return call('export:answer', { question, answer: a.answer, citations: a.citations });
          },
          { provider: true },
        ),
    );

  exp
    .command('bibtex')
    .description('BibTeX entries for the library’s documents')
    .option('--doc <id>', 'only this document (repeatable)', collect)
    .option('-o, --out <file>', 'write to a file instead of standard output')
    .action(async (o: { doc?: string[]; out?: string }, cmd: Command) =>
      exportWith(cmd, o.out, (call) => call('export:bibtex', { documentIds: o.doc })),
    );
}
