import { fnv1a } from '../../src-main/core/llm/builtin/embed';
import { splitSentences } from '../../src-main/core/llm/builtin/text';
import { mulberry32 } from './faults';

/**
 * What small (7–8B) models get wrong when they read a passage, as users of Ariadne's peers report it: names
 * the passage never mentions, relations between terms the passage never puts together, reasoning written
 * into the answer, empty replies, and the prompt's own example sent back. Unlike faults (`faults.ts`) these
 * replies are well-formed: only reading them against the passage shows what is wrong.
 */
export interface SimHabits {
  /** Seed of the dice; the same seed and the same request give the same habit. */
  seed?: number;
  /** Chance that a passage reply adds an entity the passage never mentions (and a relation to a real one). */
  inventName?: number;
  /** Chance that a passage reply adds a relationship between two of its entities that share no sentence. */
  inventRelation?: number;
  /**
   * A thinking model: its reasoning inside `<think>…</think>` before the answer ('content', as llama.cpp and
   * LM Studio send it without a reasoning parser), or in a separate field ('field': `reasoning_content` on the
   * OpenAI API, `thinking` on Ollama's), which is not the answer either.
   */
  think?: 'content' | 'field' | null;
  /** Chance of an empty structured reply ("{}" or nothing). */
  empty?: number;
  /** Chance that a passage reply copies the prompt's example names instead of reading the passage. */
  echo?: number;
}

export interface HabitLog {
  inventName: number;
  inventRelation: number;
  empty: number;
  echo: number;
  think: number;
  /** The names invented, and the pairs related without a shared sentence, for tests to look for. */
  inventedNames: string[];
  inventedPairs: [string, string][];
  /** Each structured reply in arrival order: the passage's first words and what the reply was. */
  replies: { passage: string; outcome: 'ok' | 'empty' | 'echo' }[];
}

export function emptyHabitLog(): HabitLog {
  return {
    inventName: 0,
    inventRelation: 0,
    empty: 0,
    echo: 0,
    think: 0,
    inventedNames: [],
    inventedPairs: [],
    replies: [],
  };
}

/** Plausible biomedical names; the first the passage does not contain is the invented one. */
const INVENTED = ['Sclerostin', 'Klotho', 'Interleukin-17', 'Ghrelin', 'Sirtuin 1', 'Resveratrol', 'Irisin'];

interface Reading {
  summary?: string;
  entities?: { entity_name: string; entity_type: string; entity_description: string }[];
  relationships?: {
    source_entity: string;
    target_entity: string;
    relationship_keywords: string[];
    relationship_description: string;
  }[];
  questions?: string[];
}

export interface ReplyContext {
  /** The request body as sent: the dice are seeded by it, so a retry with other words rolls again. */
  body: string;
  /** The passage the reply is about (the <document> block). */
  passage: string;
  /** True for a passage reading (summary, entities, relationships, questions). */
  isPassage: boolean;
  /** True when a JSON schema (or JSON mode) was asked for. */
  structured: boolean;
}

export function createHabits(initial: SimHabits = {}) {
  let habits = initial;
  let log = emptyHabitLog();
  const roll = (body: string, k: number) =>
    mulberry32((fnv1a(body, (habits.seed ?? 1) >>> 0) + k * 7919) >>> 0)();
  return {
    get config() {
      return habits;
    },
    set(next: SimHabits) {
      habits = next;
    },
    log: () => structuredClone(log),
    reset() {
      log = emptyHabitLog();
    },
    /** The reply a small model would give instead of `content`, and its reasoning when sent apart. */
    apply(content: string, ctx: ReplyContext): { content: string; reasoning: string | null } {
      let out = content;
      const note = (outcome: 'ok' | 'empty' | 'echo') => {
        if (ctx.structured) log.replies.push({ passage: ctx.passage.slice(0, 40), outcome });
      };
      if (ctx.structured && habits.empty && roll(ctx.body, 1) < habits.empty) {
        log.empty++;
        note('empty');
        out = roll(ctx.body, 2) < 0.5 ? '{}' : '';
      } else if (ctx.isPassage) {
        const r = JSON.parse(content) as Reading;
        if (habits.echo && roll(ctx.body, 3) < habits.echo) {
          log.echo++;
          note('echo');
          out = JSON.stringify(echoed());
        } else {
          note('ok');
          if (habits.inventName && roll(ctx.body, 4) < habits.inventName) inventName(r, ctx.passage);
          if (habits.inventRelation && roll(ctx.body, 5) < habits.inventRelation)
            inventRelation(r, ctx.passage);
          out = JSON.stringify(r);
        }
      }
      if (!habits.think) return { content: out, reasoning: null };
      log.think++;
      // Reasoning drafts the answer too: a reader that does not strip it finds this JSON first.
      const reasoning = `The user wants me to read the passage. It starts "${ctx.passage.slice(0, 60)}". I could answer {"summary": "draft"} but I should read it all first.`;
      return habits.think === 'content'
        ? { content: `<think>\n${reasoning}\n</think>\n\n${out}`, reasoning: null }
        : { content: out, reasoning };
    },
  };

  function inventName(r: Reading, passage: string) {
    const lower = passage.toLowerCase();
    const name = INVENTED.find((n) => !lower.includes(n.toLowerCase()));
    const anchor = r.entities?.[0];
    if (!name) return;
    log.inventName++;
    log.inventedNames.push(name);
    r.entities = [
      ...(r.entities ?? []),
      {
        entity_name: name,
        entity_type: anchor?.entity_type ?? 'protein',
        entity_description: `${name} is discussed in this passage.`,
      },
    ];
    if (anchor) {
      r.relationships = [
        ...(r.relationships ?? []),
        {
          source_entity: name,
          target_entity: anchor.entity_name,
          relationship_keywords: ['regulates'],
          relationship_description: `${name} regulates ${anchor.entity_name}.`,
        },
      ];
    }
  }

  /** Two entities the passage names but never in one sentence, related anyway. */
  function inventRelation(r: Reading, passage: string) {
    const sentences = splitSentences(passage).map((s) => s.toLowerCase());
    const names = (r.entities ?? [])
      .map((e) => e.entity_name)
      .filter((n) => passage.toLowerCase().includes(n.toLowerCase()));
    for (const [i, a] of names.entries()) {
      for (const b of names.slice(i + 1)) {
        const la = a.toLowerCase();
        const lb = b.toLowerCase();
        if (la.includes(lb) || lb.includes(la)) continue;
        if (sentences.some((s) => s.includes(la) && s.includes(lb))) continue;
        log.inventRelation++;
        log.inventedPairs.push([a, b]);
        r.relationships = [
          ...(r.relationships ?? []),
          {
            source_entity: a,
            target_entity: b,
            relationship_keywords: ['activates'],
            relationship_description: `${a} activates ${b}.`,
          },
        ];
        return;
      }
    }
  }
}

/**
 * The prompt's own example sent back: the passage prompt names TP53 and mTORC1 as examples of casing and
 * "inhibits" as a keyword; a model that did not read the passage returns those (a scanned PDF's empty text
 * gave one peer 166 such nodes).
 */
function echoed(): Reading {
  return {
    summary: '2-4 sentences (at most 120 words) on this passage only.',
    entities: [
      { entity_name: 'TP53', entity_type: 'gene', entity_description: 'Example entity.' },
      { entity_name: 'mTORC1', entity_type: 'protein', entity_description: 'Example entity.' },
    ],
    relationships: [
      {
        source_entity: 'TP53',
        target_entity: 'mTORC1',
        relationship_keywords: ['inhibits'],
        relationship_description: 'TP53 inhibits mTORC1.',
      },
    ],
    questions: ['What does the passage say?'],
  };
}
