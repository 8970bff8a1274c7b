import type { Extraction } from '../schemas';
import type { DocumentMeta } from '../task-types';
import { createJunkGate } from './junk-gate';
import type { Mention } from './mention';
import { resolveOverlaps, sentenceMentions, typeOfPhrase } from './mentions';
import { analyse, type Sentence } from './nlp/words';
import { sentenceRelations, type Placed } from './relations';
import { termIndex, type TermIndex } from './terms';
import { isProse, truncate } from './text';
import { isCommonWord } from '../../nlp/english-frequency';
import { salientMentions } from './salience';
import { findAbbreviations, type AbbreviationDefinition } from '../../nlp/abbreviations';

export interface RuleExtractOptions {
  entityTypes: readonly string[];
  longevity?: boolean;
  /** The document's authors, affiliations, journal: never entities. */
  meta?: DocumentMeta;
}

/** "long form (SF)" definitions inside one sentence, typed by the mentions found inside the long form. */
function definitions(
  s: Sentence,
  defs: readonly AbbreviationDefinition[],
  found: readonly Mention[],
  terms: TermIndex,
): Mention[] {
  const out: Mention[] = [];
  for (const d of defs) {
    if (d.start < s.start || d.end > s.end) continue;
    // The long form ends before "(SF)" and the white space in front of it.
    let end = d.end - d.short.length - 2;
    while (end > d.start && /\s/.test(s.text.charAt(end - s.start - 1))) end--;
    // The long form's own mention (or the one ending where it ends, its head) decides its type.
    const inside = found
      .filter((m) => m.start >= d.start && m.end <= end)
      .sort((a, b) => b.end - a.end || a.start - b.start)[0];
    const type = inside && inside.end === end ? inside.type : typeOfPhrase(d.long, terms);
    out.push({ start: d.start, end: d.end, name: d.long, type, rank: 0, definition: d.short });
  }
  return out;
}

/** Every word of four letters or more starts with a capital (a heading or a title in Title Case). */
function isTitleCase(s: Sentence): boolean {
  const long = s.words.filter((w) => /^\p{L}{4,}/u.test(w.text));
  return long.length > 0 && long.length <= 10 && long.every((w) => /^\p{Lu}/u.test(w.text));
}

/** The one entity whose words' initials spell `short` (three or more words); null when none or several. */
function byInitials(
  short: string,
  entities: Iterable<{ name: string; type: string }>,
): { name: string; type: string } | null {
  const want = short.toLowerCase();
  const hits: { name: string; type: string }[] = [];
  for (const e of entities) {
    const words = e.name.split(/[\s-]+/).filter(Boolean);
    if (words.length < 3 || words.length !== want.length) continue;
    const initials = words.map((w) => w.charAt(0).toLowerCase()).join('');
    // "heparin" and "heparins" are one candidate.
    const key = (n: string) => n.toLowerCase().replace(/s$/, '');
    if (initials === want && !hits.some((h) => key(h.name) === key(e.name))) hits.push(e);
  }
  const [only] = hits;
  return hits.length === 1 && only ? only : null;
}

/**
 * The built-in engine's extraction: wink-nlp sentences and POS tags, then domain layers — abbreviation
 * definitions, known terms, word shapes (INN stems, disease suffixes, enzymes, codes, symbols) — a junk
 * gate, honest types (`concept` when nothing decides) and typed relations read from the sentence.
 */
export function ruleExtract(text: string, opts: RuleExtractOptions): Extraction {
  const allowed = new Set(opts.entityTypes);
  const terms = termIndex(!!opts.longevity);
  const isJunk = createJunkGate(opts.meta);
  const fallback = allowed.has('concept') ? 'concept' : null;
  const aliases = new Map<string, { name: string; type: string }>();
  const entities = new Map<
    string,
    { name: string; type: string; rank: number; description: string; abbreviated: string; fromProse: boolean }
  >();
  const relationships: Extraction['relationships'] = [];

  const defined = findAbbreviations(text);
  const sentences = analyse(text);
  const salient = salientMentions(sentences, text);
  for (const [si, s] of sentences.entries()) {
    const prose = isProse(s.text);
    const heading = !prose && isTitleCase(s);
    const found = sentenceMentions(s, text, terms);
    const defs = definitions(s, defined, found, terms);
    // Every definition names its short form (definitions() sets it).
    for (const d of defs) if (d.definition) aliases.set(d.definition, { name: d.name, type: d.type });
    const mentions: Mention[] = [...defs, ...found, ...(salient.get(si) ?? [])];
    for (const w of s.words) {
      let target = aliases.get(w.text);
      // An abbreviation used without its definition in view (defined on a page the layout broke, or in the
      // abstract only) is the entity already named whose initials it spells ("LMWH"): it takes that type.
      // It keeps its own name, because ingestion joins a short and a long form only where the text defines
      // the pair; an undefined one stays a separate entity, a candidate for the merge review.
      if (!target && /^[A-Z]{3,6}s?$/.test(w.text)) {
        const hit = byInitials(w.text.replace(/s$/, ''), entities.values());
        if (hit) {
          target = { name: w.text, type: hit.type };
          aliases.set(w.text, target);
        }
      }
      if (target)
        // A short form this text defined beats the same letters in the lexicon ("ARF").
        mentions.push({ start: w.start, end: w.end, name: target.name, type: target.type, rank: 0 });
    }
    const placed: Placed[] = [];
    for (const r of resolveOverlaps(mentions)) {
      // PDF text breaks lines inside names: a name is its words with single spaces.
      const m = { ...r, name: r.name.split(/\s+/).join(' ') };
      const type = allowed.has(m.type) ? m.type : fallback;
      if (!type || isJunk(m.name)) continue;
      // "MZB 25007", "GM 072815": letters that prefix a catalogue, specimen or grant number name a register.
      if (/^\p{Lu}{2,5}$/u.test(m.name) && /^ ?\d{3,}/.test(text.slice(m.end, m.end + 8))) continue;
      // A heading in Title Case ("Patient Experiences") capitalises ordinary words: they name nothing there.
      if (heading && !m.name.includes(' ') && isCommonWord(m.name)) continue;
      const key = m.name.toLowerCase();
      const known = entities.get(key);
      // A title or heading names an entity but does not describe it: the first sentence of running text does.
      let e = known;
      if (!e || (prose && !e.fromProse)) {
        const abbreviated = m.definition
          ? `${m.name} (abbreviated ${m.definition}). `
          : (known?.abbreviated ?? '');
        e = {
          name: known?.name ?? m.name,
          type: known?.type ?? type,
          rank: known?.rank ?? m.rank,
          description: `${abbreviated}${truncate(s.text, 400)}`,
          abbreviated,
          fromProse: prose,
        };
        entities.set(key, e);
      }
      // The surest rule read anywhere in the passage types the entity: "HEK293" first bare (a symbol's shape),
      // then "HEK293 cells" (a cell line's context) is a cell line.
      if (m.rank < e.rank && type !== fallback) {
        e.type = type;
        e.rank = m.rank;
      }
      placed.push({ name: e.name, type: e.type, start: m.start, end: m.end });
    }
    relationships.push(...sentenceRelations(s, text, placed));
  }
  // Typed relations rank above co-occurrence: they come first, whichever sentence they are from.
  relationships.sort(
    (a, b) =>
      Number(a.relationship_keywords[0] === 'co-occurs with') -
      Number(b.relationship_keywords[0] === 'co-occurs with'),
  );
  return {
    entities: [...entities.values()].map((e) => ({
      entity_name: e.name,
      entity_type: e.type,
      entity_description: e.description,
    })),
    relationships,
  };
}
