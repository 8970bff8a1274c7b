import type { ApiHandlers } from '../../contract/handlers';
import { ask } from './qa/qa-service';
import type { RetrievalService } from './retrieval-service';

type QaHandlers = Pick<ApiHandlers, 'qa:ask' | 'chat:list' | 'chat:get' | 'chat:delete'>;

/** Handlers of the QA domain: questions (streamed, cited, verified) and saved conversations. */
export function createQaHandlers(svc: RetrievalService): QaHandlers {
  return {
    async 'qa:ask'({ question, mode, conversationId }, call) {
      const c = await svc.context();
      const res = await svc.metrics.time(`qa_${mode}`, () =>
        ask(c, { question, mode }, { signal: call.signal, emit: (i) => call.emit(i) }),
      );
      // A question put to an empty library is not a conversation worth keeping.
      if (res.empty) return { ...res, conversationId: conversationId ?? null };
      const id = await svc.conversations.append(conversationId, question, { ...res, conversationId: null });
      return { ...res, conversationId: id };
    },
    async 'chat:list'() {
      return { conversations: await svc.conversations.list() };
    },
    async 'chat:get'({ id }) {
      return svc.conversations.get(id);
    },
    async 'chat:delete'({ id }) {
      await svc.conversations.delete(id);
      return { ok: true as const };
    },
  };
}
