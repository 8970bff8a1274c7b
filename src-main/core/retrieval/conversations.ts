import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import { Conversation, type QaAnswer } from '../../contract/qa';
import { writeFileAtomic } from '../library/atomic-file';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The questions asked of a library and their answers, kept per conversation. */
export interface Conversations {
  /** Newest first, without their turns. */
  list(): Promise<Omit<Conversation, 'turns'>[]>;
  /** Throws `not_found` for an unknown id. */
  get(id: string): Promise<Conversation>;
  delete(id: string): Promise<void>;
  /** Appends a turn (creating the conversation when `id` is new or absent); returns the id. */
  append(id: string | undefined, question: string, answer: QaAnswer): Promise<string>;
}

/**
 * Conversations of a library, one JSON file each under `<library>/conversations/`, written atomically so a
 * crash leaves the previous version. Ids are checked against a strict pattern: they become file names.
 */
export function createConversations(dataDir: () => Promise<string>, now: () => number): Conversations {
  const dir = async () => path.join(await dataDir(), 'conversations');
  const file = async (id: string) => {
    if (!ID.test(id)) throw new AriadneError('invalid_input', `Bad conversation id ${JSON.stringify(id)}.`);
    return path.join(await dir(), `${id}.json`);
  };
  const read = async (id: string): Promise<Conversation | null> => {
    try {
      return Conversation.parse(JSON.parse(await fs.readFile(await file(id), 'utf8')));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if (e instanceof AriadneError) throw e;
      throw new AriadneError('internal', `Conversation ${id} is unreadable: ${(e as Error).message}`);
    }
  };
  return {
    async list() {
      const names = await fs.readdir(await dir()).catch(() => [] as string[]);
      const out: Omit<Conversation, 'turns'>[] = [];
      for (const n of names.filter((x) => x.endsWith('.json'))) {
        const c = await read(n.slice(0, -5)).catch(() => null);
        if (c) out.push({ id: c.id, title: c.title, updatedAt: c.updatedAt });
      }
      return out.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
    },
    async get(id) {
      const c = await read(id);
      if (!c) throw new AriadneError('not_found', `No conversation ${id}.`);
      return c;
    },
    async delete(id) {
      await fs.rm(await file(id), { force: true });
    },
    async append(id, question, answer) {
      const cid = id ?? randomUUID();
      const at = new Date(now()).toISOString();
      const prev = (await read(cid)) ?? { id: cid, title: question.slice(0, 80), updatedAt: at, turns: [] };
      const next: Conversation = {
        ...prev,
        updatedAt: at,
        turns: [...prev.turns, { question, answer: { ...answer, conversationId: cid }, askedAt: at }],
      };
      await fs.mkdir(await dir(), { recursive: true });
      await writeFileAtomic(await file(cid), JSON.stringify(next, null, 1));
      return cid;
    },
  };
}
