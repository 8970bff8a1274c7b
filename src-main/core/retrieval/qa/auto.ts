import type { QaMode } from '../../../contract/qa';
import { queryEntities } from './query-entities';
import type { QaContext } from './types';

const BROAD =
  /\b(overall|themes?|main topics?|summar(y|ise|ize)|overview|across (the|all|these)|in general|big picture|what (is|are) (this|the) (library|corpus|collection))\b/i;
const MULTI_HOP =
  /\b(both|compare|comparison|differ|same|also|which .+ (of|that) .+ (of|that)|relationship between|connect(ed|s)? .+ (to|with)|through|via|lead to|because of)\b/i;

/**
 * Picks a mode from the question: thematic questions go global; multi-hop or comparison questions go
 * agentic; a question naming entities of the library goes local; anything else is a passage lookup.
 */
export async function chooseMode(
  ctx: QaContext,
  question: string,
): Promise<{ mode: Exclude<QaMode, 'auto'>; reason: string }> {
  if (BROAD.test(question))
    return { mode: 'global', reason: 'the question asks about themes across the library' };
  const ents = await queryEntities(ctx, question, 4);
  const named = ents.filter((e) => e.via === 'name');
  if (MULTI_HOP.test(question) || named.length >= 2) {
    return {
      mode: 'agentic',
      reason:
        named.length >= 2
          ? `the question links ${named.length} entities`
          : 'the question needs several facts combined',
    };
  }
  if (named.length === 1) return { mode: 'local', reason: 'the question is about one entity of the library' };
  return { mode: 'naive', reason: 'no entity of the library is named; a passage lookup fits' };
}
