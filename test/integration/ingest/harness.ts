import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { createMemoryLogger } from '../../../src-main/core/deps';
import type { IngestOptions, WorkerPaths } from '../../../src-main/core/ingest/ingest-service';
import { canonicalDump, type Library } from '../../../src-main/core/library';
import type { LlmProvider } from '../../../src-main/core/llm/provider';
import { makeFixtures, type FixtureFiles } from '../../fixtures/make-fixtures';

export function tempDir(prefix = 'ariadne-ingest-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

let fixtures: Promise<FixtureFiles> | null = null;
/** Fixture papers generated once per test file. */
export function fixtureFiles(): Promise<FixtureFiles> {
  fixtures ??= makeFixtures(tempDir('ariadne-fixtures-'));
  return fixtures;
}

export async function corpusPaths(): Promise<string[]> {
  const f = await fixtureFiles();
  return [...f.papers.map((p) => p.file), f.md, f.txt];
}

export async function openCore(
  dataDir: string,
  llm: LlmProvider,
  ingest: IngestOptions = {},
  workers?: WorkerPaths,
  graphBackend?: string,
): Promise<Core> {
  return createCore({
    dataDir,
    llm,
    workers,
    graphBackend,
    host: 'test',
    version: 'test',
    log: createMemoryLogger(),
    ingest: { workers: 1, ...ingest },
  });
}

/** Imports files and waits until every document has a final status. */
export async function ingestAll(core: Core, paths: string[]) {
  const res = await core.handlers['library:import']({ paths }, ctx());
  const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
  return { res, jobs };
}

export function ctx(): { signal: AbortSignal; emit: () => undefined } {
  return { signal: new AbortController().signal, emit: () => undefined };
}

/**
 * What ingestion wrote, canonically. Communities are left out: they are refreshed in the background on a
 * timer after each change, so whether a summary exists yet depends on timing, not on ingestion.
 */
export async function dumpOf(core: Core) {
  return ingestionDump(core.stores);
}

/** As dumpOf, for a library opened without a core (the crash test must not resume its jobs to read it). */
export async function ingestionDump(library: Library) {
  const d = await canonicalDump(library);
  const documents = d.documents.map(({ originalPath: _o, ...rest }) => rest);
  const { communities: _c, ...vectors } = d.vectors;
  const structure = (d.structure as { rel?: unknown }[]).filter(
    (s) => s.rel !== 'IN_COMMUNITY' && s.rel !== 'PARENT',
  );
  return { ...d, documents, vectors, structure, communities: [] };
}
