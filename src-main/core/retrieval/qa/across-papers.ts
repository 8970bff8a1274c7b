import type { QaAnswer } from '../../../contract/qa';
import type { QuestionFocus } from '../../llm/builtin/question-focus';
import { quotableSentences, readable } from '../../llm/builtin/quotable';
import { findTerm } from '../search/passages';
import { listWords } from './plain-trace';
import type { QaContext, Source } from './types';
import { verifyCitations } from './verify';

type ModeResult = Omit<QaAnswer, 'conversationId'>;

/** The entity type a cross-paper question asks for, from its head noun ("which drugs …" → compound/drug). */
const TYPE_OF: Record<string, string> = {
  drug: 'compound/drug',
  medication: 'compound/drug',
  medicine: 'compound/drug',
  compound: 'compound/drug',
  chemical: 'compound/drug',
  molecule: 'compound/drug',
  agent: 'compound/drug',
  specy: 'organism',
  species: 'organism',
  organism: 'organism',
  animal: 'organism',
  bacterium: 'organism',
  bacteria: 'organism',
  pathogen: 'organism',
  microbe: 'organism',
  gene: 'gene',
  protein: 'protein',
  enzyme: 'protein',
  receptor: 'protein',
  disease: 'disease',
  condition: 'disease',
  disorder: 'disease',
  illness: 'disease',
  cell: 'cell type',
};

/** Items listed, and per paper (so one paper's vocabulary does not fill the answer). */
const MAX_ITEMS = 20;
/** Accession numbers, sample and strain codes, word fragments: not what a scientist calls a drug or a species. */
const isCode = (name: string) =>
  name.length <= 2 || /^\d/.test(name) || name.endsWith('-') || /^[A-Z]{1,4}\d{3}/.test(name);
const PER_PAPER = 2;
const THEMES = 5;

/**
 * Questions about the library as a whole are answered from the graph, not from a passage search: "which
 * drugs are discussed across the papers" lists the entities of that type, the papers that name them and a
 * sentence of each; "summarise the main themes" reads the largest communities, those spanning most papers
 * first, each with a sentence of its best passage. Null when the question is not of this kind, or the
 * graph holds nothing to list.
 */
export async function answerFromGraph(
  ctx: QaContext,
  focus: QuestionFocus,
  mode: QaAnswer['mode'],
  trace: () => QaAnswer['trace'],
): Promise<ModeResult | null> {
  if (focus.kinds.includes('themes')) return themes(ctx, mode, trace);
  const type = focus.asked.map((a) => TYPE_OF[a]).find(Boolean);
  if (focus.kinds.includes('cross') && type) return entitiesOfType(ctx, type, focus, mode, trace);
  return null;
}

async function entitiesOfType(
  ctx: QaContext,
  type: string,
  focus: QuestionFocus,
  mode: QaAnswer['mode'],
  trace: () => QaAnswer['trace'],
): Promise<ModeResult | null> {
  const t0 = ctx.now();
  const { entities } = await ctx.lib.graph.listEntities({ type, limit: 300 });
  // Breadth first: each paper's most named entity of the type, then each paper's second, and so on, so the
  // answer runs across the papers instead of listing one paper's vocabulary.
  const byPaper = new Map<string, { e: (typeof entities)[number]; mentions: number }[]>();
  for (const e of entities) {
    if (isCode(e.name)) continue;
    for (const d of e.documents)
      byPaper.set(d.id, [...(byPaper.get(d.id) ?? []), { e, mentions: d.mentions }]);
  }
  const picked: (typeof entities)[number][] = [];
  for (let round = 0; round < PER_PAPER && picked.length < MAX_ITEMS; round++) {
    const next = [...byPaper.values()]
      .map((list) => list.sort((a, b) => b.mentions - a.mentions).filter((x) => !picked.includes(x.e))[0])
      .filter((x): x is NonNullable<typeof x> => x !== undefined)
      .sort((a, b) => b.mentions - a.mentions);
    for (const x of next) if (picked.length < MAX_ITEMS && !picked.includes(x.e)) picked.push(x.e);
  }
  ctx.trace('graph', `${entities.length} entities of type ${type}; listing ${picked.length}`, ctx.now() - t0);
  if (!picked.length) return null;
  const pairs = await ctx.lib.graph.mentionPairs({ entityIds: picked.map((e) => e.id) }, 2000);
  const chunkOf = new Map<string, string[]>();
  for (const p of pairs) chunkOf.set(p.entityId, [...(chunkOf.get(p.entityId) ?? []), p.chunkId]);
  const chunks = await ctx.data.chunks(ctx.lib, [...new Set(pairs.map((p) => p.chunkId))]);
  const sources: Source[] = [];
  const lines: string[] = [];
  for (const e of picked) {
    const found = quoteNaming(e.name, e.aliases, chunkOf.get(e.id) ?? [], chunks);
    if (!found) continue;
    sources.push({ chunk: found.chunk, score: 1, via: `entity: ${e.name}` });
    lines.push(`- **${e.name}**: ${readable(found.quote)} [${sources.length}]`);
  }
  if (!lines.length) return null;
  const papers = new Set(sources.map((s) => s.chunk.docId)).size;
  ctx.say(
    'graph',
    `Listed the ${focus.asked[0] ?? 'entities'} the library's graph holds (type “${type}”), as many papers as possible; found ${lines.length} in ${papers} paper${papers === 1 ? '' : 's'}, each with a sentence that names it.`,
  );
  return finish(ctx, lines.join('\n\n'), sources, mode, trace);
}

async function themes(
  ctx: QaContext,
  mode: QaAnswer['mode'],
  trace: () => QaAnswer['trace'],
): Promise<ModeResult | null> {
  await ctx.communities?.ensure();
  const all = await ctx.lib.graph.listCommunities();
  if (!all.length) return null;
  const level = Math.min(...all.map((c) => c.level));
  const candidates = all
    .filter((c) => c.level === level && c.size >= 3)
    .sort((a, b) => b.size - a.size)
    .slice(0, 20);
  const scored: { title: string; docs: number; chunkIds: string[]; size: number }[] = [];
  for (const c of candidates) {
    const rows = await ctx.lib.graph.communityChunks(c.id, 40);
    const docs = new Set(rows.map((r) => r.chunkId.slice(0, r.chunkId.lastIndexOf(':')))).size;
    scored.push({ title: c.title, docs, chunkIds: rows.map((r) => r.chunkId), size: c.size });
  }
  // A theme runs through several papers; a paper's private vocabulary is a topic of that paper.
  scored.sort((a, b) => b.docs - a.docs || b.size - a.size);
  const chunks = await ctx.data.chunks(
    ctx.lib,
    scored.slice(0, THEMES * 2).flatMap((s) => s.chunkIds.slice(0, 5)),
  );
  const sources: Source[] = [];
  const lines: string[] = [];
  const usedDocs = new Set<string>();
  for (const s of scored) {
    if (lines.length >= THEMES) break;
    const names = s.title.split(/,\s*/).filter(Boolean);
    const found = names
      .map((n) => quoteNaming(n, [], s.chunkIds.slice(0, 5), chunks, usedDocs))
      .find(Boolean);
    if (!found) continue;
    usedDocs.add(found.chunk.docId);
    sources.push({ chunk: found.chunk, score: 1, via: `community: ${s.title}` });
    lines.push(
      `${listWords(names, 3)} (${s.docs} paper${s.docs === 1 ? '' : 's'}). ${readable(found.quote)} [${sources.length}]`,
    );
  }
  if (!lines.length) return null;
  ctx.say(
    'graph',
    `Read the largest groups of related entities in the library (its communities), those running through most papers first, and quoted a sentence of each.`,
  );
  return finish(ctx, lines.join('\n\n'), sources, mode, trace);
}

/** A whole sentence of one of these passages that names the entity (or one of its aliases). */
function quoteNaming(
  name: string,
  aliases: string[],
  chunkIds: string[],
  chunks: Map<string, Source['chunk']>,
  avoidDocs?: Set<string>,
): { chunk: Source['chunk']; quote: string } | null {
  const ordered = avoidDocs
    ? [...chunkIds].sort(
        (a, b) =>
          Number(avoidDocs.has(chunks.get(a)?.docId ?? '')) -
          Number(avoidDocs.has(chunks.get(b)?.docId ?? '')),
      )
    : chunkIds;
  // The earliest passage first (an abstract or an introduction says what a thing is; methods say where it came from).
  const index = (id: string) => Number(id.slice(id.lastIndexOf(':') + 1));
  for (const id of [...ordered].sort((a, b) => (avoidDocs ? 0 : index(a) - index(b)))) {
    const chunk = chunks.get(id);
    if (!chunk) continue;
    const s = quotableSentences(chunk.text).find((q) =>
      [name, ...aliases].some((n) => n.length > 1 && findTerm(q.text, n) >= 0),
    );
    if (s) return { chunk, quote: s.text };
  }
  return null;
}

function finish(
  ctx: QaContext,
  text: string,
  sources: Source[],
  mode: QaAnswer['mode'],
  trace: () => QaAnswer['trace'],
): ModeResult {
  for (const t of text.split(/(?<= )/)) ctx.emit({ type: 'token', text: t });
  // Each line is the entity's own sentence: the check is that the sentence carries it.
  const checked = verifyCitations(text, sources);
  ctx.emit({ type: 'sources', citations: checked.citations });
  const bad = checked.claims.filter((c) => !c.carried).length;
  ctx.say(
    'check',
    bad
      ? `The check could not find ${bad} of ${checked.claims.length} listed items in the sentence cited for them.`
      : `The check found each of the ${checked.claims.length} items in the sentence cited for it.`,
  );
  return {
    answer: checked.answer,
    mode,
    citations: checked.citations,
    trace: trace(),
    confidence: checked.confidence,
    insufficient: false,
  };
}
