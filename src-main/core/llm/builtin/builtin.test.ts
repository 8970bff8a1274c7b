import { describe, expect, it } from 'vitest';
import { BIOMEDICAL_ENTITY_TYPES, extractionSchema } from '../schemas';
import { createTasks } from '../tasks';
import { createBuiltinProvider } from './builtin-provider';
import { BUILTIN_EMBED_DIM, hashedEmbedding } from './embed';
import { extractiveAnswer } from './engine';
import { ruleExtract } from './extract';

const TEXT =
  'Oleoylethanolamide (OEA) supplementation was investigated for its effect on the abundance of Akkermansia ' +
  'muciniphila in people with obesity. Metformin activates AMP-activated protein kinase (AMPK) and reduces ' +
  'insulin resistance in mice. Mutations in TP53 were associated with cancer, e.g. in the liver.';

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('hashed embeddings', () => {
  it('are 384-dimensional, unit length and deterministic', () => {
    const v = hashedEmbedding('cellular senescence');
    expect(v).toHaveLength(BUILTIN_EMBED_DIM);
    expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 10);
    expect(hashedEmbedding('cellular senescence')).toEqual(v);
    expect(Math.sqrt(dot(hashedEmbedding(''), hashedEmbedding('')))).toBeCloseTo(1, 10);
  });
  it('place lexically related texts closer than unrelated ones', () => {
    const a = hashedEmbedding('senescent cells accumulate with age');
    expect(dot(a, hashedEmbedding('senescence of cells in aging'))).toBeGreaterThan(
      dot(a, hashedEmbedding('randomized trial of aspirin')),
    );
  });
});

describe('rule extraction', () => {
  it('extracts typed, grounded entities and sentence co-occurrence relationships', () => {
    const x = ruleExtract(TEXT, { entityTypes: BIOMEDICAL_ENTITY_TYPES });
    expect(extractionSchema(BIOMEDICAL_ENTITY_TYPES).safeParse(x).success).toBe(true);
    const byName = Object.fromEntries(x.entities.map((e) => [e.entity_name, e.entity_type]));
    expect(byName).toMatchObject({
      'AMP-activated protein kinase': 'protein',
      'Akkermansia muciniphila': 'organism',
      TP53: 'gene',
      Metformin: 'compound/drug',
      'insulin resistance': 'phenotype',
      cancer: 'disease',
    });
    const rel = x.relationships.find(
      (r) => r.source_entity === 'Metformin' && r.target_entity === 'AMP-activated protein kinase',
    );
    expect(rel?.relationship_description).toMatch(
      /^Metformin activates AMP-activated protein kinase \(AMPK\)/,
    );
    expect(rel?.relationship_keywords).toContain('activates');
  });
  it('describes an entity from running text, not from the title or a heading', () => {
    const x = ruleExtract(
      'Metformin and AMPK in ageing mice\n\nJ. Smith, A. Jones\n\nDiscussion\n\nMetformin activates AMPK in the liver of aged mice.',
      { entityTypes: BIOMEDICAL_ENTITY_TYPES },
    );
    const metformin = x.entities.find((e) => e.entity_name === 'Metformin');
    expect(metformin?.entity_description).toBe('Metformin activates AMPK in the liver of aged mice.');
  });

  it('keeps to the requested entity types', () => {
    const x = ruleExtract(TEXT, { entityTypes: ['gene'] });
    expect(x.entities.map((e) => e.entity_name)).toEqual(['TP53']);
  });
});

describe('builtin tasks', () => {
  const tasks = createTasks(createBuiltinProvider());
  it('answers every task deterministically', async () => {
    const summary = await tasks.summarize({ text: TEXT });
    expect(summary.length).toBeGreaterThan(20);
    expect(await tasks.summarize({ text: TEXT })).toBe(summary);
    const qs = await tasks.atomicQuestions({ text: TEXT });
    expect(qs.length).toBeGreaterThanOrEqual(5);
    expect(qs.length).toBeLessThanOrEqual(10);
    expect(qs).toContain('What does AMPK stand for?');
    expect((await tasks.atomicQuestions({ text: 'Short.' })).length).toBe(5);
    expect(
      (await tasks.decompose({ question: 'How is metformin related to cancer?', context: [] })).length,
    ).toBeLessThanOrEqual(3);
    let answer = '';
    for await (const t of tasks.answer({
      question: 'What does metformin activate?',
      sources: [{ n: 2, text: TEXT }],
    }))
      answer += t;
    expect(answer).toMatch(/Metformin activates .*\[2\]/);
    const report = await tasks.summarizeCommunity({
      entities: [
        { name: 'Metformin', type: 'compound/drug', description: 'A drug.' },
        { name: 'AMPK', type: 'protein', description: 'A kinase.' },
      ],
      relationships: [{ source: 'Metformin', target: 'AMPK', description: 'Metformin activates AMPK.' }],
    });
    expect(report.title).toMatch(/Metformin/);
    expect(await tasks.dimension()).toBe(384);
  });
});

describe('extractive answers', () => {
  it('never glue a section heading to the sentence after it', () => {
    const answer = extractiveAnswer('What does metformin activate?', [
      { n: 1, text: 'Discussion\n\nMetformin activates AMPK in hepatocytes. Other text follows here.' },
    ]);
    expect(answer).toBe('Metformin activates AMPK in hepatocytes [1].');
  });
});
