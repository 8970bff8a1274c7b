import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * One name, one entity, whatever a passage could vouch for: the built-in engine types "GCK" a gene where the
 * text says "the GCK gene" and `concept` where nothing says what it is. An entity's type is the majority of
 * its mentions' types, so the untyped mention is a vote, not another thing: on the glucokinase paper the two
 * readings stood as two "GCK" entities (gene, 21 mentions; concept, 1).
 */
describe('resolution of an untyped mention', () => {
  let core: Core | undefined;
  afterAll(async () => {
    await core?.close();
  });

  it('joins a concept to the typed entity of the same name, and keeps the typed one', async () => {
    const dir = tempDir('ariadne-untyped-');
    const typed = path.join(dir, 'gene.txt');
    const untyped = path.join(dir, 'activity.txt');
    fs.writeFileSync(
      typed,
      'Glucokinase in the liver\n\nMutations in the GCK gene cause diabetes in young adults. ' +
        'The GCK gene is expressed in the liver and in pancreatic beta cells.\n',
    );
    fs.writeFileSync(
      untyped,
      'Glucokinase activity in yeast\n\nWe measured GCK activity in yeast grown on glucose. ' +
        'Variants of GCK were scored by growth, and GCK shifts into the open conformation upon glucose binding.\n',
    );
    core = await openCore(path.join(dir, 'lib'), createBuiltinProvider());
    const { jobs } = await ingestAll(core, [typed, untyped]);
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
    const { entities } = await core.handlers['graph:entities']({ search: 'GCK', limit: 1000 }, ctx());
    const gck = entities.filter((e) => e.name === 'GCK');
    expect(gck.map((e) => e.type)).toEqual(['gene']);
    expect(gck[0]?.documents).toHaveLength(2);
  }, 120_000);
});
