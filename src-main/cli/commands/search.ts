import type { Command } from 'commander';
import type { GraphSearchResult, ResolvedTerm } from '../../contract/graph';
import type { GlobalOptions } from '../global-options';
import { at } from '../../core/at';
import { printableLines } from '../printable';
import { readIngestedLibrary } from '../read-library';

const int = (name: string, min: number, max: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be ${min}–${max}, got ${v}`);
  return n;
};

function candidates(r: ResolvedTerm): string {
  return r.candidates
    .slice(0, 6)
    .map(
      (c) =>
        `  ${c.entity.name} (${c.entity.type}) — ${c.matchedBy} ${c.score.toFixed(2)} — id ${c.entity.id}`,
    )
    .join('\n');
}

function passages(res: GraphSearchResult): string[] {
  return res.passages.map(
    // A passage in a table or a figure caption is cited by it: "Table 2, p. 6".
    (c) =>
      `  ${c.shortTitle}${c.year ? ` ${c.year}` : ''}${c.label ? `, ${c.label}` : ''}${c.page ? `, p. ${c.page}` : ''}: ${c.quote}`,
  );
}

export function printSearch(res: GraphSearchResult): string {
  const out: string[] = [];
  if (res.match === 'ambiguous') {
    for (const r of [res.from, res.to])
      if (r?.ambiguous) out.push(`"${r.term}" is ambiguous; pick one with --id/--to-id:\n${candidates(r)}`);
    return out.join('\n') + '\n';
  }
  if (res.match !== 'entity') {
    // Never print a similar entity's paths as the term's: say what was found instead.
    out.push(`${res.note || `No entity matches "${res.from.term}".`}`);
    const similar = [res.from, res.to].flatMap((r) => (r && r.candidates.length && !r.ambiguous ? [r] : []));
    for (const r of similar) out.push(`Similar entities (search one with --id):\n${candidates(r)}`);
    if (res.passages.length) out.push('Passages that contain the term:', ...passages(res));
    else if (!similar.length)
      out.push(
        'Try another form of the term (a full name, an abbreviation, a singular), or ask in plain words: `ariadne ask "…"`.',
      );
    return out.join('\n') + '\n';
  }
  // An entity match resolved both terms to their first candidate.
  const head = res.to
    ? `${at(res.from.candidates, 0).entity.name} → ${at(res.to.candidates, 0).entity.name}`
    : at(res.from.candidates, 0).entity.name;
  if (res.note) out.push(res.note);
  out.push(`${head}: ${res.paths.length} path(s) in ${Math.round(res.tookMs)} ms`);
  res.paths.forEach((p, i) => out.push('', `${i + 1}. (score ${p.score.toFixed(3)})`, p.text));
  if (!res.paths.length)
    out.push(
      res.to
        ? 'No path links the two within the hops allowed: try --hops 4, or search each term alone.'
        : 'This entity has no cited relationship yet: ingest more papers that mention it.',
    );
  return out.join('\n') + '\n';
}

/** `ariadne search <term> [--to <term>]`: evidence paths from a term, or between two terms. */
export function registerSearch(program: Command) {
  program
    .command('search <term>')
    .description(
      'Show the evidence paths from a term (or between two terms), each hop cited to document and page',
    )
    .option('--to <term>', 'second term: show the paths between the two')
    .option('--hops <n>', 'longest path, in hops (1–4)', int('--hops', 1, 4), 3)
    .option('--limit <n>', 'paths to show', int('--limit', 1, 200), 25)
    .option('--id <entityId>', 'use this entity for <term> (when the term is ambiguous)')
    .option('--to-id <entityId>', 'use this entity for --to')
    .option('--json', 'print as JSON')
    .action(
      async (
        term: string,
        opts: { to?: string; hops: number; limit: number; id?: string; toId?: string; json?: boolean },
        cmd: Command,
      ) => {
        const g = cmd.optsWithGlobals<GlobalOptions>();
        await readIngestedLibrary(g, async (lib) => {
          const res = await lib.call('graph:search', {
            term,
            to: opts.to,
            entityId: opts.id,
            toEntityId: opts.toId,
            hops: opts.hops,
            limit: opts.limit,
            filters: { direction: 'both', minEvidence: 1 },
          });
          process.stdout.write(
            opts.json ? JSON.stringify(res, null, 2) + '\n' : printableLines(printSearch(res)),
          );
          if (!res.paths.length && !res.passages.length) process.exitCode = 2;
        });
      },
    );
}
