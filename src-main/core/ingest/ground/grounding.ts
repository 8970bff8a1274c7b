import type { Extraction } from '../../llm/schemas';
import { canonicalKey, displayName, findInText, matchKey, normaliseName } from './names';
import { atKey } from '../../at';

export interface GroundedEntity {
  key: string;
  name: string;
  type: string;
  description: string;
  /** 1 when the name occurs in the chunk; down-weighted otherwise. */
  confidence: number;
}

export interface GroundedRelation {
  source: string;
  target: string;
  keywords: string[];
  description: string;
  confidence: number;
  /**
   * What the relationship cites, when a pass chose it (a table's row): `[start, end)` in the document text.
   * Without it the commit cites the passage's sentence that best supports the relationship.
   */
  span?: { start: number; end: number };
}

export interface GroundedExtraction {
  entities: GroundedEntity[];
  relations: GroundedRelation[];
  /** Entities the chunk never mentions and that no relation needs: dropped. */
  dropped: number;
}

export const UNGROUNDED_CONFIDENCE = 0.5;

/**
 * The seed's post-processing, after the task layer's schema validation: ground every entity in the chunk
 * (found → confidence 1; not found but needed by a relation → kept at 0.5; otherwise dropped), merge
 * duplicates by (normalised name, type) joining their descriptions, restore scientific casing, and split
 * relationship keywords into single tags. Pure and deterministic, so it runs in a worker.
 */
export function groundExtraction(x: Extraction, chunkText: string): GroundedExtraction {
  const needed = new Set<string>();
  for (const r of x.relationships) {
    needed.add(normaliseName(r.source_entity));
    needed.add(normaliseName(r.target_entity));
  }
  const byKey = new Map<string, GroundedEntity>();
  const keyOfName = new Map<string, string>();
  let dropped = 0;
  for (const e of x.entities) {
    const raw = e.entity_name.trim();
    if (!raw) continue;
    const grounded = findInText(raw, chunkText) !== null;
    if (!grounded && !needed.has(normaliseName(raw))) {
      dropped++;
      continue;
    }
    const key = canonicalKey(raw, e.entity_type);
    const description = e.entity_description.trim();
    const confidence = grounded ? 1 : UNGROUNDED_CONFIDENCE;
    const prev = byKey.get(key);
    if (prev) {
      if (description && !prev.description.includes(description))
        prev.description = `${prev.description} ${description}`.trim();
      prev.confidence = Math.max(prev.confidence, confidence);
    } else {
      byKey.set(key, {
        key,
        name: displayName(raw, chunkText),
        type: e.entity_type,
        description,
        confidence,
      });
    }
    keyOfName.set(normaliseName(raw), key);
  }
  addDefinedPartners(byKey, chunkText);
  const relations: GroundedRelation[] = [];
  const seen = new Set<string>();
  for (const r of x.relationships) {
    const source = keyOfName.get(normaliseName(r.source_entity));
    const target = keyOfName.get(normaliseName(r.target_entity));
    if (!source || !target || source === target) continue;
    const keywords = [
      ...new Set(
        r.relationship_keywords
          .flatMap((k) => k.split(/[,;/|]/))
          .map((k) => k.trim().toLowerCase())
          .filter(Boolean),
      ),
    ].sort();
    const description = r.relationship_description.trim();
    const id = `${source}\u0000${target}\u0000${description}`;
    if (!description || seen.has(id)) continue;
    seen.add(id);
    // keyOfName names only keys of byKey.
    const confidence = Math.min(atKey(byKey, source).confidence, atKey(byKey, target).confidence);
    relations.push({
      source,
      target,
      keywords: keywords.length ? keywords : ['related to'],
      description,
      confidence,
    });
  }
  const entities = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { entities, relations, dropped };
}

/**
 * Where the chunk defines "long form (ABBR)" and only one form was extracted, the other form is a mention
 * of the same entity, written in the text: it is added (without a description of its own). Resolution then
 * joins the two, and the pair lives on as the entity's aliases, so a later document naming only "ABBR"
 * finds the entity whichever document came first.
 */
function addDefinedPartners(byKey: Map<string, GroundedEntity>, chunkText: string): void {
  const pairs = findAbbreviations(chunkText);
  if (!pairs.length) return;
  const byMatch = new Map([...byKey.values()].map((e) => [matchKey(e.name), e]));
  for (const p of pairs) {
    for (const [have, other] of [
      [p.long, p.short],
      [p.short, p.long],
    ] as const) {
      const e = byMatch.get(matchKey(have));
      if (!e || e.confidence < 1 || byMatch.has(matchKey(other))) continue;
      const key = canonicalKey(other, e.type);
      if (byKey.has(key)) continue;
      const partner = {
        key,
        name: displayName(other, chunkText),
        type: e.type,
        description: '',
        confidence: 1,
      };
      byKey.set(key, partner);
      byMatch.set(matchKey(other), partner);
    }
  }
}

/**
 * Abbreviation ↔ long-form pairs written in the text as "long form (ABBR)" (Schwartz–Hearst, simplified):
 * the abbreviation's letters must start words of the long form, in order.
 */
export function findAbbreviations(text: string): { short: string; long: string }[] {
  const out = new Map<string, { short: string; long: string }>();
  for (const m of definitionMatches(text)) {
    const [, before = '', short = ''] = m;
    const words = before.trim().split(/\s+/);
    const letters = short.replace(/[^\p{L}]/gu, '').toLowerCase();
    if (letters.length < 2) continue;
    // Take the fewest trailing words whose initials cover the abbreviation's letters in order.
    for (let n = 1; n <= Math.min(words.length, letters.length + 2); n++) {
      const cand = words.slice(-n);
      if (cand[0]?.[0]?.toLowerCase() !== letters[0]) continue;
      if (coversLetters(cand.join(' ').toLowerCase(), letters)) {
        out.set(short.toLowerCase(), { short, long: cand.join(' ') });
        break;
      }
    }
  }
  return [...out.values()];
}

function coversLetters(long: string, letters: string): boolean {
  let i = 0;
  for (const ch of long) if (ch === letters[i]) i++;
  return i === letters.length;
}

/** "up to eight words (ABBR)": the words before the parenthesis, then the abbreviation. */
const DEFINITION = /((?:[\p{L}\p{N}-]+\s+){1,8}?)\(([\p{Lu}][\p{L}\p{N}-]{1,9})\)/uy;
/** The part of DEFINITION from its parenthesis on. */
const ABBREVIATION = /\([\p{Lu}][\p{L}\p{N}-]{1,9}\)/uy;
const PREFIX_CHAR = /[\p{L}\p{N}\s-]/u;
const SPACE = /\s/;

/**
 * The matches `text.matchAll(DEFINITION with g)` gives, in order, found from each "(ABBR)" instead of by
 * trying the pattern at every character: a global scan read up to eight words ahead of every position, and
 * was most of grounding's CPU. A match ends at the first "(" after its start (the words before it hold no
 * parenthesis), so the leftmost match for an "(ABBR)" starts within the run of word and space characters
 * before it, at most nine words back, at the first position there or a word's first character; those are
 * tried leftmost first.
 */
function* definitionMatches(text: string): Generator<RegExpExecArray> {
  let from = 0;
  for (let q = text.indexOf('('); q >= 0; q = text.indexOf('(', q + 1)) {
    if (q < from || q === 0 || !SPACE.test(text.charAt(q - 1))) continue;
    ABBREVIATION.lastIndex = q;
    if (!ABBREVIATION.test(text)) continue;
    // Walk back over word and space characters (surrogate halves count as word characters: the window
    // may only ever be too wide), stopping past the ninth run of word characters.
    let s = q;
    let runs = 0;
    let inWord = false;
    while (s > from) {
      const c = text.charCodeAt(s - 1);
      const surrogate = c >= 0xd800 && c <= 0xdfff;
      if (!surrogate && !PREFIX_CHAR.test(text.charAt(s - 1))) break;
      const word = surrogate || !SPACE.test(text.charAt(s - 1));
      if (word && !inWord && ++runs > 9) break;
      inWord = word;
      s--;
    }
    for (let p = s; p < q; p++) {
      if (p > s && !SPACE.test(text.charAt(p - 1))) continue;
      DEFINITION.lastIndex = p;
      const m = DEFINITION.exec(text);
      if (m) {
        yield m;
        from = p + m[0].length;
        break;
      }
    }
  }
}
