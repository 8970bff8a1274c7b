import { describe, expect, it } from 'vitest';
import type { Extraction } from '../../llm/schemas';
import { groundExtraction } from './grounding';

const TEXT =
  'AMP-activated protein kinase (AMPK) is activated by metformin in hepatocytes. ' +
  'Separately, rapamycin extended lifespan in yeast.';

const entity = (name: string) => ({ entity_name: name, entity_type: 'chemical', entity_description: name });
const relation = (a: string, b: string) => ({
  source_entity: a,
  target_entity: b,
  relationship_keywords: ['activates'],
  relationship_description: `${a} and ${b}`,
});

const reading: Extraction = {
  entities: ['metformin', 'AMP-activated protein kinase', 'rapamycin', 'yeast', 'sirtuin 1'].map(entity),
  relationships: [
    relation('metformin', 'AMP-activated protein kinase'),
    relation('rapamycin', 'metformin'),
    relation('sirtuin 1', 'rapamycin'),
  ],
} as Extraction;

describe('groundExtraction', () => {
  it('strictly: drops a name the passage never mentions and a relation no sentence states', () => {
    const g = groundExtraction(reading, TEXT, { strict: true });
    expect(g.entities.map((e) => e.name)).not.toContain('sirtuin 1');
    expect(g.relations.map((r) => [r.source, r.target].join(' > '))).toHaveLength(1);
    expect(g.dropped).toBe(1);
    expect(g.droppedRelations).toBe(2);
  });

  it('strictly: an abbreviation the passage defines names its entity in a sentence', () => {
    const x = {
      entities: [entity('metformin'), entity('AMPK')],
      relationships: [relation('metformin', 'AMPK')],
    } as Extraction;
    const text =
      'AMP-activated protein kinase (AMPK) is a sensor. Metformin activates AMP-activated protein kinase.';
    expect(groundExtraction(x, text, { strict: true }).relations).toHaveLength(1);
  });

  it('for the built-in rules, keeps an unmentioned name a relation needs, down-weighted', () => {
    const g = groundExtraction(reading, TEXT);
    expect(g.entities.find((e) => e.name === 'sirtuin 1')?.confidence).toBe(0.5);
    expect(g.relations).toHaveLength(3);
  });
});

describe('grounding names from document and model text', () => {
  // Regression: a zero-width space or a bidi override in the passage reached the entity's name.
  it('gives an entity its name without control characters or invisible marks, one entity either way', () => {
    const text = 'Loss of TP\u200b53 is common. TP53 is a tumour suppressor; \u202eheparin\u202c was given.';
    const x = {
      entities: [entity('TP\u200b53'), entity('TP53'), entity('\u202eheparin\u202c'), entity('\u200b\u200e')],
      relationships: [],
    } as unknown as Extraction;
    const g = groundExtraction(x, text);
    expect(g.entities.map((e) => e.name).sort()).toEqual(['TP53', 'heparin']);
  });
});
