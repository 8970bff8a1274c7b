import type { AnswerCitation } from '../../contract/qa';
import { bibliographic, citationKeys, toBibtex, type BibDocument } from './bibtex';

/**
 * An answer as a scientist pastes it into a manuscript: the question, the answer with each [n] turned into
 * a Pandoc citation ([@smith2014, p. 3]), the quoted sentences listed, and the BibTeX of the cited documents.
 */
export function answerMarkdown(
  input: { question: string; answer: string; citations: AnswerCitation[] },
  docs: BibDocument[],
): { markdown: string; bibtex: string } {
  const cited = new Set(input.citations.map((c) => c.documentId));
  const used = docs.filter((d) => cited.has(d.id));
  // Keys over the whole library: the same as the library's BibTeX export gives these documents.
  const keys = citationKeys(bibliographic(docs));
  const byN = new Map(input.citations.map((c) => [c.n, c]));
  const cite = (n: number) => {
    const c = byN.get(n);
    const key = c && keys.get(c.documentId);
    if (!c || !key) return `[${n}]`;
    return `@${key}${c.page ? `, p. ${c.page}` : ''}`;
  };
  // "[1]", "[1, 2]" and "[1][2]" all become one Pandoc group per bracket.
  const body = input.answer.replace(/\[(\d{1,3}(?:\s*,\s*\d{1,3}){0,20})\]/g, (_m, list: string) => {
    const parts = list.split(',').map((x) => cite(Number(x.trim())));
    return `[${parts.join('; ')}]`;
  });
  const quotes = input.citations
    .map(
      (c) =>
        `- [${c.n}] “${c.quote.trim()}” — ${c.title}${c.label ? `, ${c.label}` : ''}${c.page ? `, p. ${c.page}` : ''}`,
    )
    .join('\n');
  const bibtex = toBibtex(used, keys);
  const markdown = [
    `## ${input.question.trim()}`,
    '',
    body.trim(),
    '',
    ...(quotes ? ['### Quoted evidence', '', quotes, ''] : []),
    '### References',
    '',
    '```bibtex',
    bibtex.trim(),
    '```',
    '',
  ].join('\n');
  return { markdown, bibtex };
}
