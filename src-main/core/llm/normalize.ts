import type { Extraction } from './schemas';
import { trimEndChars, trimStartChars } from '../nlp/trim-chars';

/** Quotes, bullets and punctuation that wrap a name in model output. */
const NAME_EDGE = `"'“”‘’.,;:!?*•-–—`;

/**
 * Post-processing from the seed's schema contract: trim names and stray punctuation, merge entities that
 * repeat with the same (name, type), split keyword strings into tags, and keep only relationships whose
 * ends are extracted entities (a dangling end cannot be persisted as an edge).
 */
export function normalizeExtraction(x: Extraction): Extraction {
  const byKey = new Map<string, Extraction['entities'][number]>();
  const nameOf = new Map<string, string>();
  for (const e of x.entities) {
    const name = cleanName(e.entity_name);
    if (!name) continue;
    const key = `${name.toLowerCase()}\u0000${e.entity_type}`;
    const desc = e.entity_description.trim();
    const prev = byKey.get(key);
    if (prev) {
      if (!prev.entity_description.includes(desc)) prev.entity_description += ` ${desc}`;
    } else {
      byKey.set(key, { entity_name: name, entity_type: e.entity_type, entity_description: desc });
      if (!nameOf.has(name.toLowerCase())) nameOf.set(name.toLowerCase(), name);
    }
  }
  const seenRel = new Set<string>();
  const relationships: Extraction['relationships'] = [];
  for (const r of x.relationships) {
    const source = nameOf.get(cleanName(r.source_entity).toLowerCase());
    const target = nameOf.get(cleanName(r.target_entity).toLowerCase());
    if (!source || !target || source === target) continue;
    const keywords = [
      ...new Set(
        r.relationship_keywords
          .flatMap((k) => k.split(/[,;]/))
          .map((k) => k.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const description = r.relationship_description.trim();
    const key = `${source}\u0000${target}\u0000${description}`;
    if (seenRel.has(key) || !description) continue;
    seenRel.add(key);
    relationships.push({
      source_entity: source,
      target_entity: target,
      relationship_keywords: keywords.length ? keywords : ['related to'],
      relationship_description: description,
    });
  }
  return { entities: [...byKey.values()], relationships };
}

export function cleanName(name: string): string {
  return trimStartChars(trimEndChars(name.trim(), NAME_EDGE, true), NAME_EDGE, true).replace(/\s+/g, ' ');
}
