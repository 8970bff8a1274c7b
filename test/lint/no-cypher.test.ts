import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Cypher lives in the Kùzu implementation only (src-main/core/store/kuzu/): everything else talks to the
 * GraphStore interface, so another backend is a folder, not a rewrite. Kùzu-specific tests say so in their
 * name (`*.kuzu.test.ts`, helpers `kuzu-*.ts`) and may query Kùzu directly.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src-main', 'src-worker', 'scripts', 'test'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const KUZU_DIR = 'src-main/core/store/kuzu/';
const kuzuSpecificTest = (rel: string) =>
  rel.startsWith('test/') && (/\.kuzu\.test\.ts$/.test(rel) || /(^|\/)kuzu-[^/]*\.ts$/.test(rel));

/**
 * Clause shapes that only Cypher has, matched inside string literals. Keywords are upper-case and followed by
 * what Cypher puts after them, so prose ("return", "match") and names (MATCH_THRESHOLD) do not match.
 */
const CYPHER: RegExp[] = [
  /\b(?:OPTIONAL\s+)?MATCH\s*\(/,
  /\bMERGE\s*\(/,
  /\bCREATE\s*(?:\(|(?:NODE|REL)\s+TABLE\b)/,
  /\bRETURN\s+(?:DISTINCT\s+)?(?:\w+\.[\w*]+|count\s*\(|\w+\s+AS\s)/,
  /\bUNWIND\s+\$?\w+\s+AS\s/,
  /\bDETACH\s+DELETE\b/,
  /\bCOPY\s+(?:\(|\w+\s+(?:FROM|TO)\b)/,
  /\bCALL\s+\w+\s*(?:\(|=)/,
];

interface Literal {
  text: string;
  line: number;
}

/**
 * The string literals of a source file (quotes and template text), with the line each starts on. Comments
 * are skipped. A quote or backtick inside a regular expression literal can start a bogus string; single
 * and double quotes end at the line's end, which bounds the damage, and no source file relies on more.
 */
function stringLiterals(src: string): Literal[] {
  const out: Literal[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      for (; i < stop; i++) if (src[i] === '\n') line++;
    } else if (c === "'" || c === '"' || c === '`') {
      const start = line;
      let text = '';
      i++;
      while (i < src.length && src[i] !== c) {
        if (src[i] === '\n') {
          if (c !== '`') break;
          line++;
        }
        if (src[i] === '\\') {
          text += src[i + 1] ?? '';
          i += 2;
          continue;
        }
        text += src[i];
        i++;
      }
      i++;
      out.push({ text, line: start });
    } else i++;
  }
  return out;
}

/** `line: text` of every string literal that looks like Cypher. */
function findCypher(src: string): { line: number; text: string }[] {
  return stringLiterals(src).flatMap((l) => {
    const hit = CYPHER.map((re) => re.exec(l.text)).find((m) => m);
    if (!hit) return [];
    const before = l.text.slice(0, hit.index);
    return [{ line: l.line + (before.match(/\n/g)?.length ?? 0), text: hit[0] }];
  });
}

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { recursive: true, withFileTypes: true }).flatMap((d) => {
    if (!d.isFile() || !CODE.test(d.name)) return [];
    const rel = path.relative(ROOT, path.join(d.parentPath, d.name)).split(path.sep).join('/');
    return rel.includes('node_modules/') ? [] : [rel];
  });
}

const outsideKuzu = () =>
  SCANNED.flatMap(files).filter((rel) => !rel.startsWith(KUZU_DIR) && !kuzuSpecificTest(rel));

// Assembled, so this file does not itself contain what it looks for.
const M = 'MAT' + 'CH';

describe('no Cypher outside the Kùzu store', () => {
  it('the detector finds Cypher in strings, with its line, and ignores prose, names and comments', () => {
    const src = [
      'const MATCH_THRESHOLD = 0.85;',
      `// ${M} (e:Entity) in a comment is documentation`,
      "const help = 'Return the match (best first)';",
      `const q = await graph.query(`,
      `  \`${M} (e:Entity {id: $id})`,
      `   ${'RET' + 'URN'} e.id AS id\`,`,
      ');',
      `const n = "${'UNW' + 'IND'} $rows AS x ${'MER' + 'GE'} (c:Chunk {id: x.id})";`,
      `/* ${'DETACH'} DELETE */ const d = '${'DETACH'} DELETE e';`,
    ].join('\n');
    expect(findCypher(src)).toEqual([
      { line: 5, text: `${M} (` },
      { line: 8, text: 'MER' + 'GE (' },
      { line: 9, text: 'DETACH' + ' DELETE' },
    ]);
    expect(findCypher("const re = /'/g; const ok = 'plain text';")).toEqual([]);
  });

  it('no file outside src-main/core/store/kuzu holds a Cypher string', () => {
    const found = outsideKuzu().flatMap((rel) =>
      findCypher(fs.readFileSync(path.join(ROOT, rel), 'utf8')).map((h) => `${rel}:${h.line}: ${h.text}`),
    );
    expect(
      found,
      `Cypher outside ${KUZU_DIR} (add a GraphStore operation instead):\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('the Kùzu store is opened only through store/backends.ts', () => {
    const importsKuzu = /from\s+['"][^'"]*store\/kuzu\//;
    const found = outsideKuzu()
      .filter((rel) => rel !== 'src-main/core/store/backends.ts')
      // The lint fixtures hold the forbidden import on purpose (test/lint/boundaries.test.ts lints them).
      .filter((rel) => !rel.startsWith('test/lint-fixtures/'))
      .filter((rel) => importsKuzu.test(fs.readFileSync(path.join(ROOT, rel), 'utf8')));
    expect(found, 'Only store/backends.ts and Kùzu-specific tests import store/kuzu/').toEqual([]);
  });
});
