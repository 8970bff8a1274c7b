import type { Extraction } from '../../llm/schemas';
import { plainName } from '../../control-chars';
import { canonicalKey, displayName, findInText, matchKey, normaliseName } from './names';
import { atKey } from '../../at';
import { findAbbreviations, type AbbreviationDefinition } from '../../nlp/abbreviations';
import { sentences } from '../../nlp/sentences';

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
  /** Entities the chunk never mentions (strictly: whether or not a relation needs them): dropped. */
  dropped: number;
  /** Strict grounding: relationships no sentence of the chunk names both ends of (or to a dropped name). */
  droppedRelations?: number;
}

export interface GroundingOptions {
  /**
   * A model's reading (not the built-in rules'): an entity the chunk never mentions is dropped even when a
   * relation needs it, and a relationship is kept only when one sentence of the chunk names both its ends
   * (by any name the reading gave them, or a defined abbreviation's other form). A 7B model invents both:
   * of 9 relations the simulator made up between terms sharing no sentence, 8 were stored, each with a
   * plausible quote that did not support it.
   */
  strict?: boolean;
}

export const UNGROUNDED_CONFIDENCE = 0.5;

/**
 * The seed's post-processing, after the task layer's schema validation: ground every entity in the chunk
 * (found → confidence 1; not found but needed by a relation → kept at 0.5; otherwise dropped), merge
 * duplicates by (normalised name, type) joining their descriptions, restore scientific casing, and split
 * relationship keywords into single tags. Pure and deterministic, so it runs in a worker.
 */
export function groundExtraction(
  x: Extraction,
  chunkText: string,
  opts: GroundingOptions = {},
): GroundedExtraction {
  const strict = opts.strict ?? false;
  const needed = new Set<string>();
  for (const r of x.relationships) {
    needed.add(normaliseName(r.source_entity));
    needed.add(normaliseName(r.target_entity));
  }
  const byKey = new Map<string, GroundedEntity>();
  const keyOfName = new Map<string, string>();
  /** Every name the reading gave each kept entity, for the relations' sentence check. */
  const namesOf = new Map<string, string[]>();
  let dropped = 0;
  for (const e of x.entities) {
    const raw = e.entity_name.trim();
    // A name of nothing but control characters or invisible marks names nothing.
    if (!plainName(raw)) continue;
    const grounded = findInText(raw, chunkText) !== null;
    if (!grounded && (strict || !needed.has(normaliseName(raw)))) {
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
    namesOf.set(key, [...(namesOf.get(key) ?? []), raw]);
  }
  const pairs = findAbbreviations(chunkText);
  addDefinedPartners(byKey, chunkText, pairs);
  const together = strict ? sharedSentence(chunkText, namesOf, pairs) : () => true;
  let droppedRelations = 0;
  const relations: GroundedRelation[] = [];
  const seen = new Set<string>();
  for (const r of x.relationships) {
    const source = keyOfName.get(normaliseName(r.source_entity));
    const target = keyOfName.get(normaliseName(r.target_entity));
    if (!source || !target || source === target) {
      // A relation to a name the passage never mentions is a claim without support too.
      if (strict && (!source || !target)) droppedRelations++;
      continue;
    }
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
    if (!together(source, target)) {
      droppedRelations++;
      continue;
    }
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
  return strict ? { entities, relations, dropped, droppedRelations } : { entities, relations, dropped };
}

/**
 * Whether one sentence of the chunk names both entities, each by any of its names or the other form of an
 * abbreviation the chunk defines ("AMP-activated protein kinase (AMPK)").
 */
function sharedSentence(chunkText: string, namesOf: Map<string, string[]>, pairs: AbbreviationDefinition[]) {
  const spans = sentences(chunkText).map((s) => s.text);
  const aliases = (key: string) => {
    const names = [...(namesOf.get(key) ?? [])];
    const keys = new Set(names.map(matchKey));
    for (const p of pairs) {
      if (keys.has(matchKey(p.long))) names.push(p.short);
      if (keys.has(matchKey(p.short))) names.push(p.long);
    }
    return names;
  };
  const inSentences = new Map<string, Set<number>>();
  const where = (key: string) => {
    let at = inSentences.get(key);
    if (!at) {
      const names = aliases(key);
      at = new Set(spans.flatMap((s, i) => (names.some((n) => findInText(n, s) !== null) ? [i] : [])));
      inSentences.set(key, at);
    }
    return at;
  };
  return (a: string, b: string) => {
    const other = where(b);
    return [...where(a)].some((i) => other.has(i));
  };
}

/**
 * Where the chunk defines "long form (ABBR)" and only one form was extracted, the other form is a mention
 * of the same entity, written in the text: it is added (without a description of its own). Resolution then
 * joins the two, and the pair lives on as the entity's aliases, so a later document naming only "ABBR"
 * finds the entity whichever document came first.
 */
function addDefinedPartners(
  byKey: Map<string, GroundedEntity>,
  chunkText: string,
  pairs: AbbreviationDefinition[],
): void {
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
