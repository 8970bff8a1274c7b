import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import type { Library } from '../../library';
import { normalise } from '../text';
import { abbreviates, looksLikeAbbreviation } from '../../nlp/abbreviations';
import { at } from '../../at';

interface Named {
  id: string;
  /** Normalised surface (name or alias). */
  text: string;
  alias: boolean;
}

const grams = (s: string): string[] => {
  const p = ` ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  return [...out];
};

/**
 * Every entity name and alias in memory with a trigram index, so fuzzy matching (Jaro-Winkler) compares a
 * term against a few hundred likely names instead of all of them. Rebuilt lazily after a library change.
 */
export class NameIndex {
  private readonly names: Named[] = [];
  private readonly byGram = new Map<string, number[]>();
  private readonly byText = new Map<string, string[]>();
  /** Normalised text → entities whose display name (not an alias) it is. */
  private readonly byName = new Map<string, string[]>();

  /** First letter → names of two words or more (long forms), and → abbreviation-like names (short forms). */
  private readonly longByFirst = new Map<string, number[]>();
  private readonly shortByFirst = new Map<string, number[]>();

  /** Per entity: normalised name, name and aliases together, evidence count (for `search`). */
  private readonly entities: { id: string; name: string; all: string; evidence: number }[] = [];

  static async load(lib: Library): Promise<NameIndex> {
    const idx = new NameIndex();
    for (const r of await lib.graph.entityNames()) {
      const { id, aliases } = r;
      idx.add(id, r.name, false);
      for (const a of aliases) idx.add(id, a, true);
      const name = normalise(r.name);
      idx.entities.push({
        id,
        name,
        all: [name, ...aliases.map(normalise)].join(' '),
        evidence: r.evidenceCount,
      });
    }
    return idx;
  }

  /**
   * Entities whose name and aliases contain every word of `text`, ranked exact name > name prefix > words in
   * the name > words in aliases, then by evidence. A scan of the names in memory: ~10 ms at 100k entities.
   */
  search(text: string, limit = 20): { id: string; score: number }[] {
    const q = normalise(text);
    const words = q.split(' ').filter(Boolean);
    if (!words.length) return [];
    const hits: { id: string; score: number; evidence: number }[] = [];
    for (const e of this.entities) {
      if (!words.every((w) => e.all.includes(w))) continue;
      const score =
        e.name === q ? 4 : e.name.startsWith(q) ? 3 : words.every((w) => e.name.includes(w)) ? 2 : 1;
      hits.push({ id: e.id, score, evidence: e.evidence });
    }
    return hits
      .sort((a, b) => b.score - a.score || b.evidence - a.evidence || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map(({ id, score }) => ({ id, score }));
  }

  private add(id: string, name: string, alias: boolean): void {
    const text = normalise(name);
    if (!text) return;
    const i = this.names.push({ id, text, alias }) - 1;
    for (const map of alias ? [this.byText] : [this.byText, this.byName]) {
      const same = map.get(text);
      if (!same) map.set(text, [id]);
      else if (!same.includes(id)) same.push(id);
    }
    const first = text.charAt(0);
    const byFirst = looksLikeAbbreviation(name)
      ? this.shortByFirst
      : text.split(/[\s-]+/).length >= 2
        ? this.longByFirst
        : null;
    const list = byFirst?.get(first);
    if (list) list.push(i);
    else byFirst?.set(first, [i]);
    for (const g of grams(text)) {
      const arr = this.byGram.get(g);
      if (arr) arr.push(i);
      else this.byGram.set(g, [i]);
    }
  }

  /** Entities whose name or alias is exactly this (normalised) text. */
  exact(text: string): string[] {
    return this.byText.get(normalise(text)) ?? [];
  }

  /** Entities whose display name is exactly this (normalised) text; the rest of `exact` match an alias. */
  exactName(text: string): string[] {
    return this.byName.get(normalise(text)) ?? [];
  }

  /**
   * Entities named by the other form of `term`: its long forms when the term looks like an abbreviation
   * ("ACE" → "angiotensin-converting enzyme"), else its abbreviations. A scan of the names that start with
   * the same letter; the caller checks that the library's text defines the pair.
   */
  abbreviationPartners(term: string): { id: string; text: string }[] {
    const t = normalise(term);
    if (!t) return [];
    const short = looksLikeAbbreviation(term.trim());
    const pool = (short ? this.longByFirst : this.shortByFirst).get(t.charAt(0)) ?? [];
    const out: { id: string; text: string }[] = [];
    for (const i of pool) {
      const n = at(this.names, i);
      if (short ? abbreviates(t, n.text) : abbreviates(n.text, t)) out.push({ id: n.id, text: n.text });
    }
    return out;
  }

  get size(): number {
    return this.names.length;
  }

  /** Best Jaro-Winkler similarity per entity, over names sharing trigrams with the term. */
  fuzzy(
    term: string,
    opts: { limit?: number; min?: number; pool?: number } = {},
  ): { id: string; score: number }[] {
    const t = normalise(term);
    if (!t) return [];
    const shared = new Map<number, number>();
    for (const g of grams(t)) {
      const posting = this.byGram.get(g);
      // Very common trigrams say little and cost a lot on large libraries.
      if (!posting || posting.length > 20_000) continue;
      for (const i of posting) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    const pool = [...shared].sort((a, b) => b[1] - a[1]).slice(0, opts.pool ?? 300);
    const best = new Map<string, number>();
    for (const [i] of pool) {
      const n = at(this.names, i);
      const s = jaroWinkler(t, n.text);
      if (s > (best.get(n.id) ?? 0)) best.set(n.id, s);
    }
    const min = opts.min ?? 0.85;
    return [...best]
      .filter(([, s]) => s >= min)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, opts.limit ?? 10)
      .map(([id, score]) => ({ id, score }));
  }
}
