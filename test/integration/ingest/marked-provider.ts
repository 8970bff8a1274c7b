import type { LlmProvider } from '../../../src-main/core/llm/provider';

/** Written into every entity description the model returns; the built-in engine never writes it. */
export const MODEL_MARK = '[model]';

interface PassageValue {
  entities?: { entity_name: string; entity_description: string }[];
  relationships?: { source_entity: string; target_entity: string; relationship_description: string }[];
}

/**
 * A provider whose passage replies can be told from the built-in engine's (the simulator answers with the
 * same rules): each entity and relationship description is marked, and the last entity of each reply is left out with its
 * relationships, so an entity only the draft named must leave the graph when its passage is refined.
 * Counts the passage replies that came back. `held`: passage replies are handed back only once it resolves.
 */
export function markedProvider(inner: LlmProvider, held?: Promise<void>) {
  let returned = 0;
  const dropped = new Set<string>();
  const provider: LlmProvider = {
    name: inner.name,
    chatModel: inner.chatModel,
    embedModel: inner.embedModel,
    metrics: inner.metrics,
    limiter: inner.limiter,
    health: () => inner.health(),
    async chat(req) {
      const res = await inner.chat(req);
      if (req.op !== 'passage') return res;
      await held;
      returned++;
      const v = res.value as PassageValue;
      const last = v.entities?.at(-1);
      if (last && v.entities) {
        const name = last.entity_name.toLowerCase();
        dropped.add(name);
        v.entities = v.entities.slice(0, -1);
        v.relationships = (v.relationships ?? []).filter(
          (r) => r.source_entity.toLowerCase() !== name && r.target_entity.toLowerCase() !== name,
        );
      }
      for (const e of v.entities ?? []) e.entity_description = `${MODEL_MARK} ${e.entity_description}`;
      for (const r of v.relationships ?? [])
        r.relationship_description = `${MODEL_MARK} ${r.relationship_description}`;
      return res;
    },
    stream: (req) => inner.stream(req),
    embed: (texts, opts) => inner.embed(texts, opts),
    models: (opts) => inner.models(opts),
    pull: (model, opts) => inner.pull(model, opts),
  };
  return { provider, repliesReturned: () => returned, dropped: () => dropped };
}
