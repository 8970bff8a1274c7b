import { at } from '../../at';
/**
 * Fills embedding requests across passages: texts queue in the order they come and go out in windows of the
 * provider's batch size (32 for Ollama), the last partial window when the document has queued everything.
 * Before this every passage sent its own request (its text and questions, about 9 inputs). Windows are cut
 * from the queue order, which the forward-summary chain makes the passage order, so a clean run and a
 * resumed one cut the same windows from the texts still missing.
 */
export interface EmbedWindows {
  /** Vectors of `texts`, once the windows holding them are answered. */
  need(texts: string[]): Promise<number[][]>;
  /** Nothing more will be queued for now: send what waits, and from now on send at once. */
  close(): void;
}

export function createEmbedWindows(
  send: (texts: string[]) => Promise<number[][]>,
  size: number,
): EmbedWindows {
  let buffer: { text: string; resolve(v: number[]): void; reject(e: unknown): void }[] = [];
  let closed = false;
  const flush = () => {
    while (buffer.length >= size || (closed && buffer.length)) {
      const batch = buffer.slice(0, size);
      buffer = buffer.slice(size);
      send(batch.map((b) => b.text)).then(
        (vs) => batch.forEach((b, i) => b.resolve(at(vs, i))),
        (e: unknown) => batch.forEach((b) => b.reject(e)),
      );
    }
  };
  return {
    need(texts) {
      const out = texts.map(
        (text) => new Promise<number[]>((resolve, reject) => buffer.push({ text, resolve, reject })),
      );
      flush();
      return Promise.all(out);
    },
    close() {
      closed = true;
      flush();
    },
  };
}
