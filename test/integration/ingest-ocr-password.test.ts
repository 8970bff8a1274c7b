import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createCore } from '../../src-main/core/create-core';
import { parsePdf } from '../../src-main/core/ingest/parse/pdf';
import { passageBoxes } from '../../src-main/core/ingest/parse/passage-boxes';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ENCRYPTED_PASSWORD } from '../fixtures/make-fixtures';
import { scanOf } from '../fixtures/scanned-pdf';
import { filesHolding } from '../helpers/files-holding';
import { ctx, fixtureFiles, tempDir } from './ingest/harness';

describe('documents that need OCR or a password, through the whole pipeline', () => {
  const dataDir = tempDir('ariadne-ocr-password-');
  const log = createMemoryLogger();
  let core: Core;
  beforeAll(async () => {
    core = await createCore({
      dataDir,
      llm: createBuiltinProvider(),
      host: 'test',
      version: 'test',
      log,
      ingest: { workers: 1 },
    });
  });
  afterAll(async () => {
    await core?.close();
  });

  it('reads a scanned paper by OCR: entities, a graph search, and an answer highlighted where it is printed', async () => {
    const paper = (await fixtureFiles()).papers.find((p) => p.file.endsWith('oea-akkermansia.pdf'))!;
    const original = new Uint8Array(fs.readFileSync(paper.file));
    // Two pages rendered to images and wrapped in a PDF: no text layer, as a scanner makes it.
    const scan = path.join(dataDir, '..', 'scanned-oea.pdf');
    fs.writeFileSync(scan, await scanOf(original, [1, 2]));
    const res = await core.handlers['library:import']({ paths: [scan] }, ctx());
    const [job] = await core.ingest.waitFor(res.added.map((a) => a.id));
    expect(job!.status).toBe('done');
    const doc = (await core.handlers['library:list']({}, ctx())).documents.find((d) => d.id === job!.docId)!;
    expect(doc.ocr).toMatchObject({ pages: [1, 2], reason: 'no-text', language: 'eng' });
    expect(doc.ocr!.confidence).toBeGreaterThan(70);
    expect(doc.language?.code).toBe('eng');
    expect(doc.title).toBe(paper.paper.title);

    const { entities } = await core.handlers['graph:entities']({ documentId: doc.id, limit: 200 }, ctx());
    const names = entities.map((e) => e.name.toLowerCase());
    expect(names.some((n) => n.includes('akkermansia'))).toBe(true);
    const search = await core.handlers['graph:search'](
      { term: 'Akkermansia muciniphila', hops: 2, limit: 10, filters: { direction: 'both', minEvidence: 1 } },
      ctx(),
    );
    expect(search.paths.length).toBeGreaterThan(0);

    const answer = await core.handlers['qa:ask'](
      { question: 'How far did serum TNF fall with OEA treatment?', mode: 'naive' },
      ctx(),
    );
    expect(answer.answer).toMatch(/38 to 21 pg\/ml/);
    const cited = answer.citations.find((c) => c.supported)!;
    expect(cited.page).toBe(2);
    const { boxes } = await core.handlers['library:passage-boxes'](
      { documentId: doc.id, start: cited.start!, end: cited.end! },
      ctx(),
    );
    // Where the born-digital PDF prints the cited sentence (its own text layer, read without OCR): the
    // boxes drawn on the page image must cover the middle of each of its lines.
    const born = await parsePdf(original, { ocr: 'off' });
    const start = born.text.indexOf(cited.quote.slice(0, 40));
    expect(start, cited.quote).toBeGreaterThanOrEqual(0);
    const truth = passageBoxes(born.geometry!, start, start + cited.quote.length);
    expect(truth.length).toBeGreaterThan(0);
    for (const t of truth) {
      const at = { x: t.x + t.width / 2, y: t.y + t.height / 2 };
      const covering = boxes.filter(
        (b) =>
          b.page === t.page &&
          b.x - 3 <= at.x &&
          at.x <= b.x + b.width + 3 &&
          b.y - 3 <= at.y &&
          at.y <= b.y + b.height + 3,
      );
      expect(covering.length, JSON.stringify({ at, boxes })).toBeGreaterThan(0);
    }
  }, 600_000);

  it('asks for an encrypted PDF’s password, says when it is wrong, opens with it and keeps it nowhere', async () => {
    const locked = (await fixtureFiles()).hostile.locked;
    const res = await core.handlers['library:import']({ paths: [locked] }, ctx());
    // Told from its bytes at import: failed at once, not queued behind other documents.
    expect(res.added).toEqual([]);
    const id = res.failed![0]!.id;
    expect(res.failed![0]!.reason).toBe('password-protected');
    const row = async () =>
      (await core.handlers['library:list']({}, ctx())).documents.find((d) => d.id === id)!;
    expect(await row()).toMatchObject({
      status: 'failed',
      failure: { kind: 'password', actions: ['password', 'remove'] },
    });

    await core.handlers['library:unlock']({ documentId: id, password: 'not-the-password' }, ctx());
    await core.ingest.waitFor([id]);
    expect(await row()).toMatchObject({ status: 'failed', error: 'wrong password' });
    expect((await row()).failure?.message).toMatch(/password was wrong/);

    await core.handlers['library:unlock']({ documentId: id, password: ENCRYPTED_PASSWORD }, ctx());
    await core.ingest.waitFor([id]);
    expect(await row()).toMatchObject({ status: 'done', failure: null });
    expect((await row()).entities).toBeGreaterThan(3);

    // Neither password is in any file of the library (graph, job store, notes, logs) nor in the log.
    for (const secret of [ENCRYPTED_PASSWORD, 'not-the-password']) {
      expect(filesHolding(dataDir, secret)).toEqual([]);
      expect(JSON.stringify(log.lines)).not.toContain(secret);
    }
  }, 300_000);
});
