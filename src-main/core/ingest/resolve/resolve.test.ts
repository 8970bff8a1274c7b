import { describe, expect, it } from 'vitest';
import { openMemoryVectorIndex } from '../../store/memory-vectors/vector-index';
import { canonicalKey } from '../ground/names';
import { entityIdForKey } from '../../store/ids';
import { groundExtraction } from '../ground/grounding';
import { findAbbreviations } from '../../nlp/abbreviations';
import { EntityIndex } from './entity-index';
import { resolveEntities, type Resolution } from './resolve';
import { namesDiffer } from './scoring';

/**
 * A real (in-memory) vector index with no embedding model recorded yet: blocking by name and known pairs
 * only (search by vector is covered by the store contract suite).
 */
const noVectors = openMemoryVectorIndex();

interface Doc {
  text: string;
  names: string[];
}

const entity = (name: string) => ({
  key: canonicalKey(name, 'protein'),
  name,
  type: 'protein',
  vector: [0, 0, 0],
});

/**
 * Resolves documents one after another against one index, the way commits do, and returns which entity
 * each name ended in. The index stands for the graph: folds and new entities land in it as they would.
 */
async function resolveInOrder(docs: Doc[]): Promise<{ groups: Record<string, string>; runs: Resolution[] }> {
  const index = new EntityIndex();
  const runs: Resolution[] = [];
  for (const d of docs) {
    const r = await resolveEntities(d.names.map(entity), {
      index,
      vectors: noVectors,
      abbreviations: findAbbreviations(d.text),
    });
    runs.push(r);
    // The commit refreshes each entity from its mentions: every surface form becomes a name or an alias.
    for (const e of d.names.map(entity)) {
      const into = index.get(r.attach[e.key] ?? '') ?? index.forKey(e.key)!;
      if (into.name !== e.name && !into.aliases.includes(e.name))
        index.put({ ...into, aliases: [...into.aliases, e.name] });
    }
  }
  const all = [...new Set(docs.flatMap((d) => d.names))].sort();
  // Where a later mention of the name would go: its key's entity, else the entity carrying it as an alias.
  const home = (n: string) => (index.forKey(entity(n).key) ?? index.byName(n)[0])!.id;
  return { groups: Object.fromEntries(all.map((n) => [n, home(n)])), runs };
}

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

describe('entity resolution', () => {
  // One document uses the abbreviation, one the long form, one defines the pair (and, through grounding,
  // mentions both forms).
  const defining = {
    text: 'Metformin, an AMP-activated protein kinase (AMPK) activator, blocks IL-6 signalling.',
    names: ['AMP-activated protein kinase', 'AMPK', 'IL-6'],
  };
  const shortOnly = { text: 'Metformin activates AMPK.', names: ['AMPK'] };
  const longOnly = {
    text: 'AMP-activated protein kinase senses energy.',
    names: ['AMP-activated protein kinase'],
  };

  it('ends with the same groups and ids whatever order the documents arrive in', async () => {
    const outcomes = [];
    for (const order of permutations([defining, shortOnly, longOnly]))
      outcomes.push((await resolveInOrder(order)).groups);
    const first = outcomes[0]!;
    expect(first['AMPK']).toBe(first['AMP-activated protein kinase']);
    expect(first['IL-6']).not.toBe(first['AMPK']);
    for (const o of outcomes) expect(o).toEqual(first);
  });

  it('folds two existing entities when a later document defines them as a pair, keeping the smaller id', async () => {
    const { groups, runs } = await resolveInOrder([shortOnly, longOnly, defining]);
    const keys = [entity('AMPK').key, entity('AMP-activated protein kinase').key];
    expect(new Set(Object.values(groups)).size).toBe(2);
    expect(runs[0]!.folds).toEqual([]);
    expect(runs[1]!.folds).toEqual([]);
    expect(runs[2]!.folds).toHaveLength(1);
    const fold = runs[2]!.folds![0]!;
    expect(fold.into < fold.from).toBe(true);
    expect(keys).toContain(fold.intoKey);
    expect(groups['AMPK']).toBe(fold.into);
  });

  it('grounding adds the form a chunk defines but the model left out', () => {
    const g = groundExtraction(
      {
        entities: [
          {
            entity_name: 'AMP-activated protein kinase',
            entity_type: 'protein',
            entity_description: 'A kinase.',
          },
        ],
        relationships: [],
      },
      defining.text,
    );
    expect(g.entities.map((e) => [e.name, e.description, e.confidence])).toEqual([
      ['AMP-activated protein kinase', 'A kinase.', 1],
      ['AMPK', '', 1],
    ]);
  });
});

describe('names that must stay apart', () => {
  it('tells numbered strains, variants, symbols, species of one genus and other heads apart', () => {
    for (const [a, b] of [
      ['IN71', 'IN56'],
      ['TLR2', 'TLR4'],
      ['D90A', 'D90G'],
      ['ECFP', 'EYFP'],
      ['Drosophila simulans', 'Drosophila sechellia'],
      ['D. simulans', 'D. virilis'],
      ['peripheral neuropathy', 'peripheral vascular disease'],
      ['angiotensin', 'angiotensin receptor'],
    ] as const)
      expect(namesDiffer(a, b), `${a} / ${b}`).toBe(true);
    for (const [a, b] of [
      ['tumour growth', 'tumor growth'],
      ['IL-6', 'IL6'],
      ['heparins', 'heparin'],
      ['low molecular weight heparin', 'low-molecular-weight heparins'],
    ] as const)
      expect(namesDiffer(a, b), `${a} / ${b}`).toBe(false);
  });

  it('keeps Drosophila species apart even when their descriptions embed alike', async () => {
    // Identical vectors: name 0.9 + cosine 1 + type 1 scores over the threshold; only the names veto it.
    const species = [
      'Drosophila sechellia',
      'Drosophila simulans',
      'Drosophila virilis',
      'Drosophila yakuba',
    ];
    const index = new EntityIndex();
    const ids = new Set<string>();
    for (const name of [...species, 'Drosophila simulans']) {
      const e = { key: canonicalKey(name, 'organism'), name, type: 'organism', vector: [1, 0, 0] };
      const r = await resolveEntities([e], { index, vectors: noVectors, abbreviations: [] });
      const id = r.attach[e.key] ?? index.forKey(e.key)!.id;
      ids.add(id);
    }
    expect(ids.size).toBe(species.length);
    // The same score with one name spelled two ways does merge: the veto is about names, not the score.
    const tumour = {
      key: canonicalKey('tumour growth', 'phenotype'),
      name: 'tumour growth',
      type: 'phenotype',
      vector: [1, 0, 0],
    };
    const tumor = {
      key: canonicalKey('tumor growth', 'phenotype'),
      name: 'tumor growth',
      type: 'phenotype',
      vector: [1, 0, 0],
    };
    await resolveEntities([tumour], { index, vectors: noVectors, abbreviations: [] });
    const r = await resolveEntities([tumor], { index, vectors: noVectors, abbreviations: [] });
    expect(r.merged).toBe(1);
  });
});

describe('an untyped mention', () => {
  const as = (name: string, type: string) => ({
    key: canonicalKey(name, type),
    name,
    type,
    vector: [0, 0, 0],
  });
  /** Resolves one name at a time, then says where each name's evidence ends (after every later fold). */
  async function homes(names: [string, string][], text = ''): Promise<string[]> {
    const index = new EntityIndex();
    const keys: string[] = [];
    for (const [name, type] of names) {
      const e = as(name, type);
      const r = await resolveEntities([e], {
        index,
        vectors: noVectors,
        abbreviations: findAbbreviations(text),
      });
      keys.push(index.get(r.attach[e.key] ?? entityIdForKey(e.key))!.key);
    }
    return keys.map((k) => index.forKey(k)!.id);
  }

  it('joins the typed entity of the same name, in either order, and its defined long form', async () => {
    for (const order of permutations<[string, string]>([
      ['GCK', 'gene'],
      ['GCK', 'concept'],
    ])) {
      const [a, b] = await homes(order);
      expect(a).toBe(b);
    }
    const [short, long] = await homes(
      [
        ['GCK', 'concept'],
        ['glucokinase', 'protein'],
      ],
      'variants in the gene encoding glucokinase (GCK) cause diabetes',
    );
    expect(short).toBe(long);
  });

  it('joins nothing by a close spelling, and two typed readings stay apart', async () => {
    const [a, b] = await homes([
      ['GCK', 'gene'],
      ['GCKR', 'concept'],
    ]);
    expect(a).not.toBe(b);
    const [cold, common] = await homes([
      ['cold', 'disease'],
      ['cold', 'method'],
    ]);
    expect(cold).not.toBe(common);
  });
});
