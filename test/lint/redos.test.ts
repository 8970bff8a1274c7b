import fs from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ReDoS audit: every regular-expression literal in the app's sources (document, file-name, request and
 * model text all pass through them) is checked by recheck, which finds exponential and polynomial
 * backtracking and prints an attack string. A pattern it does not call safe must be listed below with
 * the bound that keeps it harmless; a new one fails this test. Fix rather than list: string scans
 * (`trimEnd()`, `trimEndChars` in core/nlp/trim-chars.ts) replace the usual culprits (`/\s+$/`).
 */
const ACCEPTED: Record<string, string> = {
  // PDF text: parsed in a worker of its own under a time budget (parse-in-worker.ts), killed when it runs out.
  'src-main/core/ingest/parse/hyphenation.ts /[\\p{L}\\p{N}]+(?:[-\\u2010\\u2011][\\p{L}\\p{N}]+)+/gu':
    'PDF worker, time budget',
  'src-main/core/ingest/parse/hyphenation.ts /\\s+$/': 'PDF worker, time budget',
  'src-main/core/ingest/parse/hyphenation.ts /[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*$/u':
    'PDF worker, time budget',
  "src-main/core/ingest/parse/references.ts /^(?:(?:van|von|de|der|den|da|di|del|la|le)\\s+)*\\p{Lu}[\\p{L}'’-]+,?\\s+(?:\\p{Lu}\\.|\\p{Lu}{1,3}\\b|\\p{Lu}[\\p{Ll}]+)/u":
    'anchored; one reference entry',
  // Metadata: the first 4,000 characters of a document, or one author line of at most 2,000.
  'src-main/core/ingest/parse/metadata.ts /[.)\\]]+$/': 'a DOI match from the first 4,000 characters',
  'src-main/core/ingest/parse/metadata.ts /\\.(docx?|pdf|tex|dvi|rtf|indd|qxd)\\b|^microsoft word|^untitled|^(title|paper|manuscript|article)\\b\\s*\\d*$|^doi:|^10\\.\\d{4}/i':
    'a PDF metadata title',
  'src-main/core/ingest/parse/authors.ts /\\s+(?:and|&|und|y|et|e|i|и|και)(?:\\s+|\\s*$)/giu':
    'an author line, cut at 2,000 characters',
  'src-main/core/ingest/parse/authors.ts /(^|\\s+)[a-h](?=\\s|$)/g': 'one author name of an author line',
  'src-main/core/ingest/parse/authors.ts /,|\\s+(?:and|&)\\s+/i':
    "a PDF's Author field, cut at 2,000 characters",
  'src-main/core/ingest/parse/metadata.ts /\\bpublished(?: online)?:?\\s+(?:\\d{1,2}\\s+)?(?:\\p{L}+\\.?\\s+)?(?:\\d{1,2},?\\s+)?((?:19|20)\\d{2})\\b/iu':
    'the first 4,000 characters',
  'src-main/core/ingest/parse/metadata.ts /\\baccepted:?\\s+(?:\\d{1,2}\\s+)?(?:\\p{L}+\\.?\\s+)?(?:\\d{1,2},?\\s+)?((?:19|20)\\d{2})\\b/iu':
    'the first 4,000 characters',
  'src-main/core/ingest/parse/sections.ts /^(\\p{L}[\\p{L} ]{2,40}?)\\s*([.:—–]|\\s(?=\\p{Lu}))/u':
    'anchored, at most 40 letters before the run: linear',
  'src-main/core/nlp/prose.ts /^(\\p{L}+)\\.?\\s*(.+)$/u': 'a caption label: a word and a number',
  // Passages: at most a block of text (blockTokens, default 800 tokens), in the ingest worker pool.
  'src-main/core/llm/builtin/text.ts /\\s*\\S+/g': 'one reply of the built-in engine',
  'src-main/core/llm/builtin/engine.ts /\\(abbreviated ([^)]+)\\)/': 'one entity description',
  'src-main/core/llm/builtin/engine.ts /between (.+?) and (.+?)[?.]?$/i':
    'one question (at most 4,000 characters)',
  'src-main/core/llm/builtin/responder.ts /(\\w+)="([^"]*)"/g': 'a prompt the app built',
  'src-main/core/llm/builtin/responder.ts /^- (.+?) \\(([^)]+)\\): (.*)$/':
    'one line of a prompt the app built',
  'src-main/core/llm/builtin/responder.ts /^- (.+?) -> (.+?): (.*)$/': 'one line of a prompt the app built',
  // Retrieval: questions (at most 4,000 characters by the contract), answers and evidence sentences.
  'src-main/core/retrieval/qa/auto.ts /\\b(both|compare|comparison|differ|same|also|which .+ (of|that) .+ (of|that)|relationship between|connect(ed|s)? .+ (to|with)|through|via|lead to|because of)\\b/i':
    'one question, at most 4,000 characters',
  'src-main/core/retrieval/qa/verify.ts /[ \\t]+([.,;:])/g': 'one model answer',
  'src-main/core/retrieval/text.ts /\\s+\\S*$/': 'whitespace already collapsed to single spaces: linear',
};

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name)) yield p;
  }
}

function regexLiterals(): { where: string; key: string; source: string; flags: string }[] {
  const out: { where: string; key: string; source: string; flags: string }[] = [];
  for (const root of ['src-main', 'src-worker', 'src-renderer']) {
    for (const file of sources(root)) {
      const rel = file.split(path.sep).join('/');
      const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node): void => {
        if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const text = n.getText(sf);
          const slash = text.lastIndexOf('/');
          const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
          out.push({
            where: `${rel}:${line}`,
            key: `${rel} ${text}`,
            source: text.slice(1, slash),
            flags: text.slice(slash + 1),
          });
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
  }
  return out;
}

describe('ReDoS audit (recheck)', () => {
  it('finds no regular expression with super-linear backtracking that is not listed with its bound', () => {
    const found = regexLiterals();
    expect(found.length).toBeGreaterThan(100);
    const unique = [...new Map(found.map((r) => [r.key, r])).values()];
    // One at a time: checked concurrently, they starve each other into timeouts. A pattern whose analysis
    // runs out of time is "unknown" (no attack found within 2 s): reported here, not failed.
    const results = unique.map((r) => checkSync(r.source, r.flags, { timeout: 2000 }));
    const problems: string[] = [];
    const unknown: string[] = [];
    unique.forEach((r, i) => {
      const res = results[i]!;
      if (res.status === 'safe' || ACCEPTED[r.key]) return;
      if (res.status === 'unknown')
        return void unknown.push(`${r.where} ${r.key.split(' ').slice(1).join(' ')}`);
      const attack =
        res.status === 'vulnerable' ? ` ${res.complexity.type}, attack ${res.attack.pattern}` : '';
      problems.push(`${r.where} ${r.key.split(' ').slice(1).join(' ')}: ${res.status}${attack}`);
    });
    if (unknown.length) console.warn(`recheck could not decide in time:\n${unknown.join('\n')}`);
    expect(problems, problems.join('\n')).toEqual([]);
    // Entries for patterns that are gone keep the list honest.
    const seen = new Set(unique.map((r) => r.key));
    expect(Object.keys(ACCEPTED).filter((k) => !seen.has(k))).toEqual([]);
  }, 180_000);
});
