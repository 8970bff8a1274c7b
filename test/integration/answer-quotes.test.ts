import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerCitation, QaMode } from '../../src-main/contract';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { quotableSentences } from '../../src-main/core/llm/builtin/quotable';
import { charBefore, quoteEdges } from '../bench/answers-grade';
import { sharedDataDir } from '../shared-data';
import { corpusPaths, ctx, ingestAll, openCore, tempDir } from './ingest/harness';

const MODES: QaMode[] = ['naive', 'local', 'agentic', 'global', 'auto'];

/** What is wrong with a quote as the document has it: null when it is whole sentences, cut at word ends. */
async function quoteProblem(core: Core, c: AnswerCitation): Promise<string | null> {
  const chunk = await core.stores.graph.getChunk(c.chunkId);
  if (!chunk) return 'its passage is gone';
  // The passage with the document's character before it: a quote at a passage's start must not continue a word.
  const previous =
    chunk.index > 0 ? await core.stores.graph.getChunk(`${chunk.docId}:${chunk.index - 1}`) : null;
  const edge = quoteEdges(charBefore(chunk, previous) + chunk.text, c.quote);
  if (edge) return edge;
  if (!/[.!?]["'”’)\]]*$/.test(c.quote.trim()) && !c.label) return 'does not end a sentence';
  if (/^\p{Ll}/u.test(c.quote.trim())) return 'starts in lower case, inside a sentence';
  return null;
}

async function problemsOf(core: Core, questions: string[], modes: QaMode[]): Promise<string[]> {
  const found: string[] = [];
  for (const question of questions)
    for (const mode of modes) {
      const a = await core.handlers['qa:ask']({ question, mode }, ctx());
      for (const c of a.citations) {
        const p = await quoteProblem(core, c);
        if (p) found.push(`${mode} "${question}" [${c.n}] ${p}: "${c.quote.slice(0, 80)}"`);
      }
    }
  return found;
}

describe('quotes in answers are whole sentences of the cited page (generated papers)', () => {
  let core: Core;
  beforeAll(async () => {
    core = await openCore(tempDir('ariadne-quotes-'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, await corpusPaths());
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await core?.close();
  });

  it('no quote starts or ends inside a word, in any mode', async () => {
    const questions = [
      'By how much did OEA reduce IL-6 expression in hepatocytes?',
      'What does metformin activate?',
      'Which mouse strain was fed a high-fat diet?',
      'What does OEA activate in enterocytes?',
      'How far did serum TNF fall with OEA treatment?',
    ];
    expect(await problemsOf(core, questions, MODES)).toEqual([]);
  }, 120_000);
});

const shared = sharedDataDir();
const questionFile = path.resolve(import.meta.dirname, '../bench/answers-questions.json');

/** Every shared paper, every question of the answers bench: skipped where ../shared/data is absent. */
describe.skipIf(!shared)('quotes in answers over the shared papers', () => {
  let core: Core;
  beforeAll(async () => {
    const dir = shared as string;
    const pdfs = ['papers', 'pdfs'].flatMap((sub) =>
      fs
        .readdirSync(path.join(dir, sub))
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => path.join(dir, sub, f)),
    );
    core = await openCore(tempDir('ariadne-quotes-shared-'), createBuiltinProvider(), { workers: 2 });
    await ingestAll(core, pdfs);
  }, 900_000);
  afterAll(async () => {
    await core?.close();
  });

  it('every sentence an answer may quote starts and ends at a word boundary of the document', async () => {
    const bad: string[] = [];
    for (const d of await core.stores.graph.listDocuments()) {
      const chunks = await core.stores.graph.getChunks(d.id);
      chunks.forEach((c, i) => {
        const before = charBefore(c, chunks[i - 1] ?? null);
        for (const s of quotableSentences(c.text)) {
          const edge = quoteEdges(before + c.text, s.text);
          if (edge) bad.push(`${d.title.slice(0, 30)} #${c.index}: ${edge}: "${s.text.slice(0, 60)}"`);
        }
      });
    }
    expect(bad).toEqual([]);
  });

  it("no quote of any answer to the bench's questions starts or ends inside a word", async () => {
    const { questions } = JSON.parse(fs.readFileSync(questionFile, 'utf8')) as {
      questions: { question: string }[];
    };
    expect(
      await problemsOf(
        core,
        questions.map((q) => q.question),
        ['naive', 'local'],
      ),
    ).toEqual([]);
  }, 600_000);
});
