import { describe, expect, it } from 'vitest';
import { buildCommunitySummaryInput, type SummaryEntity, type SummaryRelationship } from './summary-input';

const members = Array.from({ length: 40 }, (_, i) => `e${String(i).padStart(2, '0')}`);
const community = { id: 'c0-abc', level: 0, members, centralEntities: ['e05', 'e01'] };
const entities: SummaryEntity[] = [
  ...members.map((id, i) => ({
    id,
    name: `Entity ${id}`,
    type: i % 2 ? 'PROTEIN' : 'GENE',
    description: `Description of ${id}. `.repeat(10),
    evidenceCount: i,
  })),
  { id: 'outsider', name: 'Outsider', type: 'GENE', description: 'not a member', evidenceCount: 999 },
];
const relationships: SummaryRelationship[] = [
  ...members.slice(1).map((id, i) => ({
    source: members[i]!,
    target: id,
    keywords: ['binds', i % 3 ? 'inhibits' : 'activates'],
    description: `${members[i]} binds ${id}`,
    evidenceCount: i % 5,
  })),
  {
    source: 'e00',
    target: 'outsider',
    keywords: ['x'],
    description: 'leaves the community',
    evidenceCount: 50,
  },
  {
    source: 'e38',
    target: 'e37',
    keywords: ['regulates'],
    description: 'second row for the pair',
    evidenceCount: 10,
  },
];

describe('buildCommunitySummaryInput', () => {
  it('stays within the token budget and ranks central entities and well-evidenced relationships first', () => {
    const input = buildCommunitySummaryInput(community, entities, relationships, { tokenBudget: 800 });
    expect(input.tokenCount).toBeLessThanOrEqual(800);
    expect(input.entities.slice(0, 2).map((e) => e.id)).toEqual(['e05', 'e01']);
    expect(input.entities[2]!.id).toBe('e39'); // then by evidence
    expect(input.entities.some((e) => e.id === 'outsider')).toBe(false);
    expect(input.relationships.some((r) => r.target === 'outsider')).toBe(false);
    // Repeated pair merged: evidence 1 + 10, keywords united, both descriptions kept.
    expect(input.relationships[0]).toMatchObject({ source: 'e37', target: 'e38', evidenceCount: 12 });
    expect(input.relationships[0]!.keywords).toEqual(['binds', 'inhibits', 'regulates']);
    expect(input.omitted.entities + input.entities.length).toBe(40);
    expect(input.omitted.relationships).toBeGreaterThan(0);
    expect(input.topKeywords[0]).toBe('binds');
    expect(input.centralEntities).toEqual(['Entity e05', 'Entity e01']);
    expect(input.text).toContain('Relationships:');
    expect(input.text).not.toContain('Outsider');
    // Ready for LlmTasks.summarizeCommunity: names instead of ids, descriptions clipped.
    expect(input.llmInput.entities).toHaveLength(input.entities.length);
    expect(input.llmInput.relationships[0]).toMatchObject({ source: 'Entity e37', target: 'Entity e38' });
  });

  it('includes everything when it fits and is deterministic', () => {
    const a = buildCommunitySummaryInput(community, entities, relationships, { tokenBudget: 100_000 });
    expect(a.omitted).toEqual({ entities: 0, relationships: 0, subCommunities: 0 });
    expect(
      buildCommunitySummaryInput(community, [...entities].reverse(), relationships, { tokenBudget: 100_000 }),
    ).toEqual(a);
  });

  it('clips long descriptions and uses child summaries above level 0', () => {
    const long = [{ ...entities[5]!, description: 'word '.repeat(2000) }];
    const input = buildCommunitySummaryInput({ ...community, level: 1 }, long, [], {
      maxDescriptionTokens: 50,
      childSummaries: [{ id: 'c0-x', title: 'Kinase signalling', summary: 'About kinases.', size: 12 }],
    });
    expect(input.entities[0]!.id).toBe('e05');
    expect(input.llmInput.entities[0]!.description.length).toBeLessThan(260);
    expect(input.text.length).toBeLessThan(1200);
    expect(input.text).toContain('Sub-communities:\n- Kinase signalling: About kinases.');
  });
});
