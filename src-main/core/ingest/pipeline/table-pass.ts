import type { ChunkRecord } from '../../store/types';
import type { GroundedEntity, GroundedRelation } from '../ground/grounding';
import type { DocumentState, ReadingPass } from './step';

/** A table's row (or its caption) as a span of the document, with its text. */
interface Cell {
  start: number;
  end: number;
  text: string;
}

/** Evidence from a table says less than a sentence does: it pairs names, it does not state a finding. */
const TABLE_CONFIDENCE = 0.6;
/** Longest row quoted in a relationship's description. */
const DESCRIPTION_CHARS = 240;

/**
 * Tables as evidence. Prose evidence never quotes a table (nlp/prose.ts keeps captions and cells out), so
 * what a paper reports only in a table — the drugs of its rows against the measure its caption names — was
 * searchable but never in the graph. For each table row in the passage (the document's non-prose spans,
 * from its facts), the entities the reading found that the row names are linked to those the table's caption
 * names (or, when the caption names none, to each other), with the row as the cited span: the citation then
 * reads "Table 2, p. 6" like any quote from a table.
 */
export const tablePass: ReadingPass = {
  name: 'tables',
  run(_ctx, state, c, reading) {
    const tables = tablesIn(state, c);
    if (!tables.length) return reading;
    const relations: GroundedRelation[] = [...reading.relations];
    for (const t of tables) {
      const subjects = t.caption ? named(reading.entities, t.caption.text) : [];
      for (const row of t.rows) {
        const inRow = named(reading.entities, row.text).filter((e) => !subjects.includes(e));
        const pairs = subjects.length
          ? inRow.flatMap((a) => subjects.map((b) => [a, b] as const))
          : inRow.flatMap((a, i) => inRow.slice(i + 1).map((b) => [a, b] as const));
        for (const [a, b] of pairs)
          relations.push({
            source: a.key,
            target: b.key,
            keywords: ['table'],
            description: `${t.label}: ${row.text.slice(0, DESCRIPTION_CHARS)}`,
            confidence: TABLE_CONFIDENCE,
            span: { start: row.start, end: row.end },
          });
      }
    }
    return { ...reading, relations };
  },
};

/** The tables whose rows lie in passage `c`, each with its caption (wherever in the document it is). */
function tablesIn(
  state: DocumentState,
  c: ChunkRecord,
): { label: string; caption: Cell | null; rows: Cell[] }[] {
  const byLabel = new Map<string, { label: string; caption: Cell | null; rows: Cell[] }>();
  for (const s of state.facts.nonProse) {
    // A table's cells carry its caption's label (a row of short cells may be typed a heading).
    if (s.kind === 'caption' || !s.label?.startsWith('Table')) continue;
    if (s.start < c.charStart || s.end > c.charEnd) continue;
    let t = byLabel.get(s.label);
    if (!t) {
      const cap = state.facts.nonProse.find(
        (x) => x.kind === 'caption' && x.label === s.label && x.start < s.start,
      );
      t = { label: s.label, caption: cap ? cellOf(state, cap) : null, rows: [] };
      byLabel.set(s.label, t);
    }
    const row = cellOf(state, s);
    if (row) t.rows.push(row);
  }
  return [...byLabel.values()];
}

/** The text of a span, from the passage that holds it (null when no passage holds all of it). */
function cellOf(state: DocumentState, s: { start: number; end: number }): Cell | null {
  const c = state.chunks.find((x) => x.charStart <= s.start && s.end <= x.charStart + x.text.length);
  return c
    ? { start: s.start, end: s.end, text: c.text.slice(s.start - c.charStart, s.end - c.charStart) }
    : null;
}

/** Lower case letters and digits, one space between words: how names are matched in cells. */
const words = (s: string) =>
  ` ${s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** The entities whose name `text` writes as whole words. */
function named(entities: GroundedEntity[], text: string): GroundedEntity[] {
  const t = words(text);
  return entities.filter((e) => {
    const n = words(e.name);
    return n.trim().length > 1 && t.includes(n);
  });
}
