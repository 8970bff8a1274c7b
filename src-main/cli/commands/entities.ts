import type { Command } from 'commander';
import type { EntityListItem } from '../../contract/graph';
import type { GlobalOptions } from '../global-options';
import { printableLines } from '../printable';
import { readLibrary } from '../read-library';

export function printEntities(entities: EntityListItem[], total: number): string {
  if (!entities.length) return 'No entities.\n';
  const lines = entities.map((e) => {
    const aliases = e.aliases.filter((a) => a.toLowerCase() !== e.name.toLowerCase());
    const docs = e.documents.map((d) => `${d.title || d.id} ×${d.mentions}`).join('; ');
    return (
      `${e.name} (${e.type}) — ${e.mentionCount} mention(s)` +
      (aliases.length ? ` — also: ${aliases.join(', ')}` : '') +
      `\n    in ${docs}`
    );
  });
  const more = total > entities.length ? `\n(${total - entities.length} more; raise --limit)` : '';
  return `${lines.join('\n')}${more}\n`;
}

/** `ariadne entities`: the library's entities with type, aliases, documents and mention counts. */
export function registerEntities(program: Command) {
  program
    .command('entities')
    .description('List entities with their type, aliases, the documents that mention them and mention counts')
    .option('--doc <documentId>', 'only entities mentioned in this document')
    .option('--type <type>', 'only entities of this type (e.g. "disease")')
    .option('--search <text>', 'only entities whose name or an alias contains this text')
    .option('--limit <n>', 'entities to list, most mentioned first', (v) => Number(v), 1000)
    .option('--json', 'print as JSON')
    .action(
      async (
        opts: { doc?: string; type?: string; search?: string; limit: number; json?: boolean },
        cmd: Command,
      ) => {
        if (!Number.isInteger(opts.limit) || opts.limit < 1)
          throw new Error('--limit must be a positive integer');
        const g = cmd.optsWithGlobals<GlobalOptions>();
        // To read, or through the process holding the library (this failed "in use" next to `serve`).
        await readLibrary({ ...g, llm: 'builtin' }, async (lib) => {
          const res = await lib.call('graph:entities', {
            documentId: opts.doc,
            type: opts.type,
            search: opts.search,
            limit: opts.limit,
          });
          process.stdout.write(
            opts.json
              ? JSON.stringify(res, null, 2) + '\n'
              : printableLines(printEntities(res.entities, res.total)),
          );
        });
      },
    );
}
