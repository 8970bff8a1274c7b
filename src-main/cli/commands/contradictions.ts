import type { Command } from 'commander';
import type { Contradiction } from '../../contract/contradictions';
import type { GlobalOptions } from '../global-options';
import { printableLines } from '../printable';
import { readIngestedLibrary } from '../read-library';

const cite = (c: { shortTitle: string; year: number | null; page: number | null }) =>
  `${c.shortTitle}${c.year ? ` ${c.year}` : ''}${c.page ? `, p. ${c.page}` : ''}`;

/** Each disagreement: the pair, then each side's claim with its first quote and where it is from. */
export function printContradictions(list: Contradiction[]): string {
  if (!list.length)
    return 'No disagreements: no two pieces of evidence between the same entities have opposite signs.\n';
  const out: string[] = [];
  list.forEach((c, i) => {
    out.push(
      `${i + 1}. ${c.source.name} → ${c.target.name} (${c.kind === 'denied' ? 'stated and denied' : 'opposite effects'}, ${c.documents} document${c.documents === 1 ? '' : 's'})`,
    );
    for (const side of c.sides) {
      const ev = side.evidence[0];
      const more = side.evidence.length > 1 ? ` (+${side.evidence.length - 1} more)` : '';
      out.push(`   ${side.claim}${more}:`);
      if (ev) out.push(`     "${ev.citation.quote}" (${cite(ev.citation)})${ev.hedged ? ' [hedged]' : ''}`);
    }
  });
  return `${out.join('\n')}\n`;
}

/** `ariadne contradictions`: evidence of opposite sign between the same entities, both quotes side by side. */
export function registerContradictions(program: Command) {
  program
    .command('contradictions')
    .description('List disagreements: evidence of opposite sign between the same entities, with both quotes')
    .option('--entity <name>', 'only disagreements involving this entity (a name, an alias or an id)')
    .option(
      '--doc <documentId>',
      'only evidence read from this document (repeat for several)',
      (v: string, acc: string[]) => [...acc, v],
      [],
    )
    .option('--limit <n>', 'disagreements to list', (v) => Number(v), 100)
    .option('--json', 'print as JSON')
    .action(async (opts: { entity?: string; doc: string[]; limit: number; json?: boolean }, cmd: Command) => {
      if (!Number.isInteger(opts.limit) || opts.limit < 1 || opts.limit > 1000)
        throw new Error('--limit must be 1–1000');
      const g = cmd.optsWithGlobals<GlobalOptions>();
      await readIngestedLibrary(g, async (lib) => {
        let entityId: string | undefined;
        if (opts.entity) {
          const r = await lib.call('graph:resolve', { term: opts.entity });
          const best = r.candidates.find(
            (c) => c.matchedBy === 'exact' || c.matchedBy === 'alias' || c.matchedBy === 'abbreviation',
          );
          if (!best && !r.candidates.some((c) => c.entity.id === opts.entity)) {
            process.stderr.write(
              `No entity named "${opts.entity}". Find its name with \`ariadne entities --search ${JSON.stringify(opts.entity)}\`.\n`,
            );
            process.exitCode = 2;
            return;
          }
          entityId = best?.entity.id ?? opts.entity;
        }
        const res = await lib.call('graph:contradictions', {
          ...(entityId ? { entityId } : {}),
          ...(opts.doc.length ? { documentIds: opts.doc } : {}),
          limit: opts.limit,
        });
        process.stdout.write(
          // Names and quotes are document and model text: shown, never interpreted by the terminal.
          opts.json
            ? JSON.stringify(res, null, 2) + '\n'
            : printableLines(printContradictions(res.contradictions)),
        );
      });
    });
}
