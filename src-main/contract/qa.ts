import { z } from 'zod';
import { Ok, method } from './define';
import { QA_MODES } from './qa-modes';

export const QaMode = z.enum(QA_MODES);
export type QaMode = z.infer<typeof QaMode>;

/** A numbered source the answer cites as [n]. `supported` is false when the check found no support. */
export const AnswerCitation = z.object({
  n: z.number().int().min(1),
  documentId: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  page: z.number().int().nullable(),
  chunkId: z.string(),
  quote: z.string(),
  /** [start, end) of the quoted sentence in the document's text and its first/last page (see Citation). */
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
  pages: z.array(z.number().int()).min(1).max(2).optional(),
  /** The figure or table the quote is in (see Citation). */
  label: z.string().optional(),
  supported: z.boolean(),
});
export type AnswerCitation = z.infer<typeof AnswerCitation>;

/**
 * One step of how an answer was found. `plain` steps say it in a scientist's words ("Looked for passages
 * about heparin and bleeding; found 6 in 2 papers"); the others are the developer's detail (scores, timings),
 * shown behind a toggle.
 */
export const TraceStep = z.object({
  step: z.string(),
  detail: z.string(),
  ms: z.number().optional(),
  plain: z.boolean().optional(),
});
export type TraceStep = z.infer<typeof TraceStep>;

export const QaStreamItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('token'), text: z.string() }),
  z.object({ type: z.literal('trace'), step: TraceStep }),
  z.object({ type: z.literal('sources'), citations: z.array(AnswerCitation) }),
]);
export type QaStreamItem = z.infer<typeof QaStreamItem>;

export const QaAnswer = z.object({
  answer: z.string(),
  /** The mode actually used (auto reports its choice). */
  mode: QaMode.exclude(['auto']),
  citations: z.array(AnswerCitation),
  trace: z.array(TraceStep),
  confidence: z.number().min(0).max(1),
  /** True when retrieval found nothing relevant and the answer says so instead of guessing. */
  insufficient: z.boolean(),
  /** True when the library holds no passage at all yet (nothing ingested, or nothing read so far). */
  empty: z.boolean().optional(),
  conversationId: z.string().nullable(),
});
export type QaAnswer = z.infer<typeof QaAnswer>;

export const ChatTurn = z.object({ question: z.string(), answer: QaAnswer, askedAt: z.string() });
export const Conversation = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  turns: z.array(ChatTurn),
});
export type Conversation = z.infer<typeof Conversation>;

export const qaMethods = {
  'qa:ask': method({
    input: z.object({
      question: z.string().min(1).max(4000),
      mode: QaMode.default('auto'),
      conversationId: z.string().optional(),
    }),
    output: QaAnswer,
    stream: QaStreamItem,
    summary: 'Answer from the library, streaming tokens, citing [n] to document and page.',
  }),
  'chat:list': method({
    input: z.object({}).strict(),
    output: z.object({ conversations: z.array(Conversation.omit({ turns: true })) }),
    summary: 'Saved conversations of this library.',
  }),
  'chat:get': method({
    input: z.object({ id: z.string() }),
    output: Conversation,
    summary: 'One conversation with its turns.',
  }),
  'chat:delete': method({
    input: z.object({ id: z.string() }),
    output: Ok,
    summary: 'Delete a conversation.',
  }),
};
