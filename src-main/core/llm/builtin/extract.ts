import type { Extraction } from '../schemas';
import { createJunkGate, type DocumentMeta } from './junk-gate';
import { resolveOverlaps, sentenceMentions, typeOfPhrase, type Mention } from './mentions';
import { analyse, type Sentence } from './nlp/words';
import { sentenceRelations, type Placed } from './relations';
import { termIndex, type TermIndex } from './terms';
import { isProse, truncate } from './text';
import { at } from '../../at';

export interface RuleExtractOptions {
  entityTypes: readonly string[];
  longevity?: boolean;
  /** The document's authors, affiliations, journal: never entities. */
  meta?: DocumentMeta;
}

/**
 * Schwartz & Hearst (2003): walk the short form right-to-left, matching each character inside the words
 * before the parenthesis; the first character must start a word. Returns null when no long form fits.
 */
export function findLongForm(shortForm: string, before: string): string | null {
  const sf = shortForm.toLowerCase();
  const lf = before.toLowerCase();
  let s = sf.length - 1;
  let l = lf.length - 1;
  while (s >= 0) {
    const c = sf.charAt(s);
    if (!/[a-z0-9]/.test(c)) {
      s--;
      continue;
    }
    while ((l >= 0 && lf[l] !== c) || (s === 0 && l > 0 && /[a-z0-9]/.test(lf.charAt(l - 1)))) l--;
    if (l < 0) return null;
    l--;
    s--;
  }
  const start = lf.lastIndexOf(' ', l) + 1;
  const long = before.slice(start).trim();
  if (long.length <= shortForm.length || long.toLowerCase().includes(sf)) return null;
  return long;
}

/** "long form (SF)" definitions of one sentence, typed by the mentions found inside the long form. */
function definitions(s: Sentence, text: string, found: readonly Mention[], terms: TermIndex): Mention[] {
  const out: Mention[] = [];
  const ws = s.words;
  for (let k = 1; k + 2 < ws.length; k++) {
    // k - 1 >= 0 and k + 2 < ws.length: the three words exist.
    const open = at(ws, k);
    const close = at(ws, k + 2);
    if (open.text !== '(' || close.text !== ')') continue;
    const sf = at(ws, k + 1).text;
    if (sf.length < 2 || sf.length > 12 || !/^[A-Za-z0-9][\w\-+α-ω]*$/.test(sf) || !/[A-Z]/.test(sf))
      continue;
    const before = text.slice(s.start, open.start).trimEnd();
    const maxWords = Math.min(sf.length + 5, sf.length * 2);
    const window = before.split(/\s+/).slice(-maxWords).join(' ');
    // A plural short form ("LMWHs") abbreviates the plural long form: match its letters without the s.
    const long =
      findLongForm(sf, window) ?? (/^[A-Z0-9]+s$/.test(sf) ? findLongForm(sf.slice(0, -1), window) : null);
    if (!long || /[.;:,()[\]]/.test(long)) continue;
    const start = s.start + before.length - long.length;
    // The long form's own mention (or the one ending where it ends, its head) decides its type.
    const inside = found
      .filter((m) => m.start >= start && m.end <= s.start + before.length)
      .sort((a, b) => b.end - a.end || a.start - b.start)[0];
    const type = inside && inside.end === s.start + before.length ? inside.type : typeOfPhrase(long, terms);
    out.push({ start, end: close.end, name: long, type, rank: 0, definition: sf });
  }
  return out;
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
    { name: string; type: string; description: string; abbreviated: string; fromProse: boolean }
  >();
  const relationships: Extraction['relationships'] = [];

  for (const s of analyse(text)) {
    const prose = isProse(s.text);
    const found = sentenceMentions(s, text, terms);
    const defs = definitions(s, text, found, terms);
    // Every definition names its short form (definitions() sets it).
    for (const d of defs) if (d.definition) aliases.set(d.definition, { name: d.name, type: d.type });
    const mentions: Mention[] = [...defs, ...found];
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
          description: `${abbreviated}${truncate(s.text, 400)}`,
          abbreviated,
          fromProse: prose,
        };
        entities.set(key, e);
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
