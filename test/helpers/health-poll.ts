/**
 * Polls a server's `/healthz` back to back (10 ms apart) until `stop()`, which gives the slowest answer in
 * ms and how many came: how long the server's main thread was held while something else ran.
 */
export function pollHealth(origin: string) {
  let running = true;
  let slowest = 0;
  let answers = 0;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await (await fetch(`${origin}/healthz`)).text();
      slowest = Math.max(slowest, performance.now() - t);
      answers++;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowest, answers };
    },
  };
}

/** Waits until `/healthz` answers within 50 ms five times in a row (a server done with its start-up work). */
export async function healthSettled(origin: string): Promise<void> {
  for (let quiet = 0; quiet < 5;) {
    const t = performance.now();
    await (await fetch(`${origin}/healthz`)).text();
    quiet = performance.now() - t < 50 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A PDF header and `/Count 1 ` repeated with no `>`: what made a lazy page-count pattern quadratic. */
export const craftedCountPdf = (bytes: number) =>
  Buffer.from(`%PDF-1.4\n${'/Count 1 '.repeat(Math.ceil(bytes / 9))}`, 'latin1');
