// Prompt-ready payload for summarising one community (GraphRAG community reports): the most central
// entities and best-evidenced relationships that fit a token budget, rendered as compact text.
import { at } from '../at';
import type { Community } from './types';

export interface SummaryEntity {
  id: string;
  name: string;
  type: string;
  description: string;
  evidenceCount: number;
}

/** One row per entity pair (repeated pairs are merged: keywords united, evidence added). */
export interface SummaryRelationship {
  source: string;
  target: string;
  keywords: string[];
  description: string;
  evidenceCount: number;
}

/** Already-written summary of a child community, used for levels above 0. */
export interface ChildSummary {
  id: string;
  title: string;
  summary: string;
  size?: number;
}

export interface SummaryInputOptions {
  /** Token budget of the rendered text. Default 3000. */
  tokenBudget?: number;
  /** Longest description kept per entity or relationship. Default 150 tokens. */
  maxDescriptionTokens?: number;
  /** Share of the budget entities may take before relationships get theirs. Default 0.5. */
  entityShare?: number;
  /** Defaults to ~4 characters per token, good enough for budgeting English text. */
  countTokens?: (text: string) => number;
  childSummaries?: ChildSummary[];
}

/** Structurally the `CommunityInput` of LlmTasks.summarizeCommunity: names, not ids; descriptions clipped. */
export interface LlmCommunityInput {
  entities: Array<{ name: string; type: string; description: string }>;
  relationships: Array<{ source: string; target: string; description: string; keywords: string[] }>;
}

export interface CommunitySummaryInput {
  communityId: string;
  level: number;
  size: number;
  /** Names of the structurally central entities, most central first. */
  centralEntities: string[];
  /** Most frequent relationship keywords (weighted by evidence): hints for the key topics. */
  topKeywords: string[];
  entities: SummaryEntity[];
  relationships: Array<SummaryRelationship & { sourceName: string; targetName: string }>;
  subCommunities: ChildSummary[];
  omitted: { entities: number; relationships: number; subCommunities: number };
  /** The selection in the shape the LLM task layer takes. */
  llmInput: LlmCommunityInput;
  /** The selection rendered as prompt text (header, entities, relationships, sub-communities). */
  text: string;
  tokenCount: number;
}

type CommunityRef = Pick<Community, 'id' | 'level' | 'members' | 'centralEntities'>;

const approxTokens = (text: string) => Math.ceil(text.length / 4);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function clip(text: string, maxTokens: number, count: (t: string) => number): string {
  const flat = oneLine(text);
  const tokens = count(flat);
  if (tokens <= maxTokens) return flat;
  const cut = flat.slice(0, Math.floor((flat.length * maxTokens) / tokens));
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

function mergeRelationships(rows: SummaryRelationship[], inside: Set<string>): SummaryRelationship[] {
  const byPair = new Map<string, SummaryRelationship & { descriptions: Set<string> }>();
  for (const r of rows) {
    if (r.source === r.target || !inside.has(r.source) || !inside.has(r.target)) continue;
    const key = r.source < r.target ? `${r.source}\u0000${r.target}` : `${r.target}\u0000${r.source}`;
    const seen = byPair.get(key);
    if (!seen) {
      byPair.set(key, { ...r, keywords: [...r.keywords], descriptions: new Set([oneLine(r.description)]) });
      continue;
    }
    seen.evidenceCount += r.evidenceCount;
    for (const k of r.keywords) if (!seen.keywords.includes(k)) seen.keywords.push(k);
    seen.descriptions.add(oneLine(r.description));
  }
  return [...byPair.values()].map(({ descriptions, ...r }) => ({
    ...r,
    description: [...descriptions].filter(Boolean).join('; '),
  }));
}

/**
 * Builds the summary input for `community`. `entities` and `relationships` may include rows outside the
 * community; they are filtered out. Deterministic: same inputs, same text (so a cache can key on it).
 */
export function buildCommunitySummaryInput(
  community: CommunityRef,
  entities: SummaryEntity[],
  relationships: SummaryRelationship[],
  options: SummaryInputOptions = {},
): CommunitySummaryInput {
  const count = options.countTokens ?? approxTokens;
  const budget = options.tokenBudget ?? 3000;
  const maxDesc = options.maxDescriptionTokens ?? 150;
  const inside = new Set(community.members);
  const byId = new Map(entities.filter((e) => inside.has(e.id)).map((e) => [e.id, e] as const));
  const rels = mergeRelationships(relationships, inside);
  const degree = new Map<string, number>();
  for (const r of rels) for (const id of [r.source, r.target]) degree.set(id, (degree.get(id) ?? 0) + 1);
  const centralRank = new Map(community.centralEntities.map((id, i) => [id, i] as const));
  const rank = (id: string) => centralRank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const rankedEntities = [...byId.values()].sort(
    (a, b) =>
      rank(a.id) - rank(b.id) ||
      b.evidenceCount - a.evidenceCount ||
      (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) ||
      (a.id < b.id ? -1 : 1),
  );
  const combined = (r: SummaryRelationship) => (degree.get(r.source) ?? 0) + (degree.get(r.target) ?? 0);
  const rankedRels = [...rels].sort(
    (a, b) =>
      b.evidenceCount - a.evidenceCount ||
      combined(b) - combined(a) ||
      (a.source + a.target < b.source + b.target ? -1 : 1),
  );
  const nameOf = (id: string) => byId.get(id)?.name ?? id;

  const keywordWeight = new Map<string, number>();
  for (const r of rels) {
    for (const k of r.keywords) {
      const key = oneLine(k).toLowerCase();
      if (key) keywordWeight.set(key, (keywordWeight.get(key) ?? 0) + Math.max(1, r.evidenceCount));
    }
  }
  const topKeywords = [...keywordWeight]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 10)
    .map(([k]) => k);
  const centralNames = community.centralEntities.filter((id) => inside.has(id)).map(nameOf);

  const header = [
    `Community ${community.id} (level ${community.level}, ${community.members.length} entities)`,
    `Central entities: ${centralNames.join(', ') || 'none'}`,
    `Frequent relationship keywords: ${topKeywords.join(', ') || 'none'}`,
  ].join('\n');
  let used = count(header) + 12; // section headings
  const entityLine = (e: SummaryEntity) =>
    `- ${oneLine(e.name)} [${oneLine(e.type)}] (evidence ${e.evidenceCount}): ${clip(e.description, maxDesc, count)}`;
  const relLine = (r: SummaryRelationship) =>
    `- ${oneLine(nameOf(r.source))} -> ${oneLine(nameOf(r.target))} [${r.keywords.map(oneLine).join(', ')}] ` +
    `(evidence ${r.evidenceCount}): ${clip(r.description, maxDesc, count)}`;
  const childLine = (c: ChildSummary) => `- ${oneLine(c.title)}: ${clip(c.summary, maxDesc * 2, count)}`;

  // Fill greedily in priority order; each pass stops at its own share of the budget.
  const take = <T>(items: T[], from: number, line: (x: T) => string, limit: number, out: string[]) => {
    let i = from;
    for (; i < items.length; i++) {
      const text = line(at(items, i));
      const cost = count(text) + 1;
      if (used + cost > limit) break;
      used += cost;
      out.push(text);
    }
    return i;
  };
  const children = community.level > 0 ? [...(options.childSummaries ?? [])] : [];
  children.sort((a, b) => (b.size ?? 0) - (a.size ?? 0) || (a.id < b.id ? -1 : 1));
  const childLines: string[] = [];
  const entityLines: string[] = [];
  const relLines: string[] = [];
  const childCount = take(children, 0, childLine, used + (budget - used) / 2, childLines);
  const share = options.entityShare ?? 0.5;
  let entityCount = take(rankedEntities, 0, entityLine, used + (budget - used) * share, entityLines);
  const relCount = take(rankedRels, 0, relLine, budget, relLines);
  entityCount = take(rankedEntities, entityCount, entityLine, budget, entityLines);

  const sections = [header, '', 'Entities:', ...entityLines, '', 'Relationships:', ...relLines];
  if (childLines.length > 0) sections.push('', 'Sub-communities:', ...childLines);
  const text = sections.join('\n');
  const keptEntities = rankedEntities.slice(0, entityCount);
  const keptRels = rankedRels.slice(0, relCount);
  return {
    communityId: community.id,
    level: community.level,
    size: community.members.length,
    centralEntities: centralNames,
    topKeywords,
    entities: keptEntities,
    relationships: keptRels.map((r) => ({
      ...r,
      sourceName: nameOf(r.source),
      targetName: nameOf(r.target),
    })),
    subCommunities: children.slice(0, childCount),
    omitted: {
      entities: rankedEntities.length - entityCount,
      relationships: rankedRels.length - relCount,
      subCommunities: children.length - childCount,
    },
    llmInput: {
      entities: keptEntities.map((e) => ({
        name: oneLine(e.name),
        type: oneLine(e.type),
        description: clip(e.description, maxDesc, count),
      })),
      relationships: keptRels.map((r) => ({
        source: oneLine(nameOf(r.source)),
        target: oneLine(nameOf(r.target)),
        description: clip(r.description, maxDesc, count),
        keywords: r.keywords.map(oneLine),
      })),
    },
    text,
    tokenCount: count(text),
  };
}
