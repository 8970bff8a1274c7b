import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures } from '../fixtures/make-fixtures';

// What a newcomer meets first, run on the BUILT command (npm test builds first): every error and empty
// result says what to do next, and nothing but human text reaches the terminal.
const built = fs.existsSync('out/main/cli.js');
const tmp = (prefix = 'ariadne-newcomer-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

function ariadne(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/ariadne.js', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A loopback port with nothing listening: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(!built)('the ariadne command for a newcomer (built)', () => {
  let papers: string;
  beforeAll(async () => {
    const fx = await makeFixtures(tmp('ariadne-newcomer-fx-'));
    papers = tmp('ariadne-newcomer-papers-');
    fs.copyFileSync(
      fx.papers.find((p) => p.file.endsWith('tp53-metformin.pdf'))!.file,
      path.join(papers, 'tp53-metformin.pdf'),
    );
    fs.writeFileSync(path.join(papers, 'SOURCE.txt'), 'Downloaded from the journal site.\n');
    fs.writeFileSync(path.join(papers, 'review.docx'), 'PK\u0003\u0004 not really a document');
  }, 60_000);

  it('--help shows each command with its options', () => {
    const { out } = ariadne(['--help']);
    for (const option of ['--only <types>', '--mode <mode>', '--port <n>', '--hops <n>', '--verbose'])
      expect(out).toContain(option);
  });

  it('ingest of an empty folder says so, says what to do, and exits non-zero', () => {
    const r = ariadne(['--data', tmp(), '--llm', 'builtin', 'ingest', tmp()]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/Nothing to add/);
    expect(r.err).toMatch(/put PDFs in it/);
  });

  it('ingest of a folder holding only unsupported files names them and exits non-zero', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'report.docx'), 'x');
    const r = ariadne(['--data', tmp(), '--llm', 'builtin', 'ingest', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('report.docx');
    expect(r.err).toMatch(/reads PDF, \.txt and \.md/);
  });

  it('status, ask and search on an empty library say to ingest first', () => {
    const data = tmp();
    const status = ariadne(['--data', data, 'status']);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/library is empty.*ariadne ingest/);
    const ask = ariadne(['--data', data, '--llm', 'builtin', 'ask', 'What does metformin activate?']);
    expect(ask.code).toBe(1);
    expect(ask.err).toMatch(/library is empty.*ariadne ingest/);
    expect(ask.out).toBe('');
    const search = ariadne(['--data', data, 'search', 'metformin']);
    expect(search.code).toBe(2);
    expect(search.err).toMatch(/library is empty.*ariadne ingest/);
  });

  it('--llm ollama with no Ollama suggests --llm builtin and how to start Ollama', async () => {
    const r = ariadne([
      '--data',
      tmp(),
      '--llm',
      'ollama',
      '--ollama',
      `http://127.0.0.1:${await closedPort()}`,
      'ask',
      'hi',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/Ollama is not running/);
    expect(r.err).toContain('--llm builtin');
    expect(r.err).toContain('ollama serve');
  });

  it('doctor without Ollama warns once, without a check mark, and does not say all is good', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = ariadne(['--data', tmp(), '--ollama', url, 'doctor']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('✓') && /ollama/i.test(l) && /not running/.test(l))).toEqual([]);
    expect(lines.some((l) => l.startsWith('!') && l.includes('not running'))).toBe(true);
    expect(count(r.out, `Ollama is not running at ${url}`)).toBe(1);
    expect(new Set(lines).size).toBe(lines.length);
    expect(r.out).not.toContain('Everything looks good');
  });

  it('a folder ingest says what it added and skipped and offers --only pdf; ask prints its answer once', () => {
    const data = tmp();
    const only = ariadne(['--data', data, '--llm', 'builtin', 'ingest', papers, '--only', 'pdf']);
    expect(only.code).toBe(0);
    expect(only.out).toMatch(/^done +tp53-metformin\.pdf/m);
    expect(only.out).not.toMatch(/^done +SOURCE\.txt/m);
    expect(only.out).toContain('Added 1 new document');
    expect(only.out).toMatch(/SOURCE\.txt \(not selected by --only pdf\)/);
    expect(only.out).toMatch(/review\.docx \(not a PDF, \.txt or \.md file\)/);
    // Logs go to the library's log file, never to the terminal; no listener-leak warning either.
    expect(only.err).not.toMatch(/^\{/m);
    expect(only.err).not.toContain('MaxListenersExceededWarning');
    expect(fs.readFileSync(path.join(data, 'logs', 'ariadne.log'), 'utf8')).toMatch(/^\{"t":/);

    const all = ariadne(['--data', data, '--llm', 'builtin', 'ingest', papers]);
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/tp53-metformin\.pdf \(already in the library\)/);
    expect(all.out).toMatch(/^done +SOURCE\.txt/m);
    expect(all.out).toContain(`ariadne ingest ${papers} --only pdf`);

    const ask = ariadne(['--data', data, '--llm', 'builtin', 'ask', 'What does metformin block?']);
    expect(ask.code).toBe(0);
    const answer = ask.out.split('\n\n')[0]!;
    expect(answer.length).toBeGreaterThan(20);
    expect(count(ask.out, answer)).toBe(1);
    expect(ask.out).toMatch(/^\[1\] .*p\. \d+/m);

    const unknown = ariadne(['--data', data, 'search', 'zebrafish']);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toMatch(/zebrafish/);
    expect(unknown.out).toMatch(/Try another form|Similar entities|Passages that contain/);
  });
});
