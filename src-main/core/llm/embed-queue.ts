import { AriadneError } from '../../contract';

interface Owner {
  vectors: (number[] | undefined)[];
  left: number;
  done: boolean;
  signal?: AbortSignal;
  priority: number;
  resolve(v: number[][]): void;
  reject(e: unknown): void;
}

interface Unit {
  owner: Owner;
  index: number;
  text: string;
  priority: number;
  seq: number;
}

export interface EmbedSlot {
  /** Sends one request with these texts (at most a batch) on a slot the caller holds. */
  send(texts: string[]): Promise<number[][]>;
  release(): void;
}

/**
 * Embedding texts from every caller wait in one queue, and whoever gets a model slot sends the most urgent
 * texts waiting, its own or others', up to a full batch. So requests fill up across documents while they wait
 * for a slot, with no time added: one refined passage's few texts used to be a request of their own, and
 * the issue's five papers sent 122 requests for 740 inputs (6 each), a slot-second apiece.
 */
export function createEmbedQueue(
  slot: (signal: AbortSignal | undefined, priority: number) => Promise<EmbedSlot>,
  batchSize: number,
) {
  const queue: Unit[] = [];
  let seq = 0;
  const settle = (owner: Owner) => {
    if (owner.done || owner.left > 0) return;
    owner.done = true;
    owner.resolve(owner.vectors as number[][]);
  };
  const fail = (owner: Owner, e: unknown) => {
    if (owner.done) return;
    owner.done = true;
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.owner === owner) queue.splice(i, 1);
    owner.reject(e);
  };
  /** The most urgent waiting texts, up to a batch; texts of callers that gave up are dropped. */
  const take = (): Unit[] => {
    const batch: Unit[] = [];
    while (batch.length < batchSize && queue.length) {
      const u = queue.shift();
      if (u && !u.owner.done && !u.owner.signal?.aborted) batch.push(u);
    }
    return batch;
  };

  return {
    get waiting() {
      return queue.length;
    },
    embed(texts: string[], o: { signal?: AbortSignal; priority?: number } = {}): Promise<number[][]> {
      if (!texts.length) return Promise.resolve([]);
      const priority = o.priority ?? 0;
      let owner!: Owner;
      const result = new Promise<number[][]>((resolve, reject) => {
        owner = {
          vectors: new Array(texts.length),
          left: texts.length,
          done: false,
          signal: o.signal,
          priority,
          resolve,
          reject,
        };
      });
      for (const [index, text] of texts.entries()) {
        const unit = { owner, index, text, priority, seq: seq++ };
        // After every unit as urgent or more: FIFO within a priority.
        let at = queue.length;
        while (at > 0 && (queue[at - 1]?.priority ?? priority) > priority) at--;
        queue.splice(at, 0, unit);
      }
      void drive(owner);
      return result;
    },
  };

  /** Takes slots for `owner` until none of its texts waits any more (others may have sent them). */
  async function drive(owner: Owner) {
    while (!owner.done && queue.some((u) => u.owner === owner)) {
      let s: EmbedSlot;
      try {
        s = await slot(owner.signal, owner.priority);
      } catch (e) {
        return fail(owner, e);
      }
      const batch = take();
      try {
        if (!batch.length) continue;
        const vectors = await s.send(batch.map((u) => u.text));
        for (const [i, u] of batch.entries()) {
          u.owner.vectors[u.index] = vectors[i];
          u.owner.left--;
          settle(u.owner);
        }
      } catch (e) {
        // This caller cancelled: the others' texts go back to wait for another slot.
        const cancelled = e instanceof AriadneError && e.code === 'cancelled';
        const back = new Set<Owner>();
        for (const u of batch) {
          if (cancelled && u.owner !== owner && !u.owner.done && !u.owner.signal?.aborted) {
            queue.push(u);
            back.add(u.owner);
          } else fail(u.owner, e);
        }
        queue.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
        // Their owners may have stopped driving (none of their texts was waiting): they take slots again.
        for (const o of back) void drive(o);
      } finally {
        s.release();
      }
    }
  }
}
