// Graph explorer benchmark: feeds generated libraries of 1k, 10k and 50k entities to the explorer in Chromium
// (through the page hook window.__ariadneExplorer; `ariadne serve` on a temporary library stores the layout)
// and prints, per size and view:
//   - first render: from handing the subgraph over to the first frame drawn with it;
//   - the longest main-thread task ('longtask' PerformanceObserver) from then until the layout has finished;
//   - frame times during a scripted zoom (8 wheel steps in, 8 out) and pan (a 40-step drag): p50, p95, max of
//     the intervals between animation frames;
//   - the same layout on a second visit: a new page, the same library, every position equal.
// Views: the default the explorer picks for the library's size (a readable one), and every entity drawn.
// Targets at 10k, every entity drawn: first render <= 1.5 s, longest task <= 100 ms, zoom/pan p95 <= 50 ms.
// WebGL is drawn by SwiftShader (no GPU here) in Chromium's GPU process, as a desktop GPU would draw it.
// SOFTWARE_COMPOSITING=1 measures the e2e setup instead (--disable-gpu), where every frame's WebGL canvases
// are read back on the page's main thread.
// Run after `npx electron-vite build`: npx tsx test/bench/explorer.ts [sizes=1000,10000,50000]
// PROFILE=1 profiles the first render.
import { launchChromium, chromiumMissingReason } from '../helpers/browser';
import { startServe } from '../helpers/serve-process';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

const SIZES = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number);
const LAYOUT_WAIT_MS = 60_000;
const TARGET = { firstRenderMs: 1500, longestTaskMs: 100, frameP95Ms: 50 };

async function main(): Promise<number> {
  const missing = chromiumMissingReason();
  if (missing) {
    console.log(`SKIPPED: ${missing}`);
    return 0;
  }
  const browser = await launchChromium({ gpuProcess: !process.env.SOFTWARE_COMPOSITING });
  let ok = true;
  try {
    for (const n of SIZES) {
      for (const view of ['default', 'all'] as const) {
        // A library per size and view: each stores its own layout.
        const serve = await startServe();
        try {
          const first = await visit(browser, serve.url, n, view, true);
          const second = await visit(browser, serve.url, n, view, false);
          const moved = samePositions(first.positions, second.positions);
          const row = {
            entities: n,
            view:
              view === 'default' ? `default (${first.drawn} drawn)` : `every entity drawn (${first.drawn})`,
            firstRenderMs: first.firstRenderMs,
            longestTaskMs: first.longestTaskMs,
            layoutMs: first.layoutMs,
            zoomFrameMs: first.zoom,
            panFrameMs: first.pan,
            secondVisit: {
              firstRenderMs: second.firstRenderMs,
              longestTaskMs: second.longestTaskMs,
              layoutRan: second.layoutMs > 0,
              positionsEqual: moved.equal,
              nodesCompared: moved.compared,
            },
          };
          console.log(JSON.stringify(row));
          if (n === 10_000 && view === 'all') {
            const pass =
              first.firstRenderMs <= TARGET.firstRenderMs &&
              first.longestTaskMs <= TARGET.longestTaskMs &&
              first.zoom.p95 <= TARGET.frameP95Ms &&
              first.pan.p95 <= TARGET.frameP95Ms;
            if (!pass) ok = false;
          }
          if (!moved.equal) ok = false;
        } finally {
          await serve.stop();
        }
      }
    }
    if (!SIZES.includes(10_000)) console.log('(10k not measured: the targets are for 10k)');
    console.log(
      ok
        ? 'PASS: 10k entities within the targets; every second visit kept the layout'
        : `FAIL: a 10k target missed (render ${TARGET.firstRenderMs} ms, task ${TARGET.longestTaskMs} ms, frame p95 ${TARGET.frameP95Ms} ms) or a second visit moved nodes`,
    );
    return ok ? 0 : 1;
  } finally {
    await browser.close();
  }
}

function samePositions(a: Record<string, [number, number]>, b: Record<string, [number, number]>) {
  const keys = Object.keys(a);
  // Stored positions are rounded to 1/100 of a layout unit.
  const equal =
    keys.length > 0 &&
    keys.length === Object.keys(b).length &&
    keys.every((k) => {
      const p = a[k];
      const q = b[k];
      return !!p && !!q && Math.abs(p[0] - q[0]) <= 0.011 && Math.abs(p[1] - q[1]) <= 0.011;
    });
  return { equal, compared: keys.length };
}

async function visit(browser: Browser, url: string, n: number, view: 'default' | 'all', first: boolean) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    // tsx keeps function names with an __name helper that does not exist in the page.
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await page.addInitScript(() => {
      const w = window as unknown as { __longtasks: { start: number; duration: number }[] };
      w.__longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    page.on('pageerror', (e: Error) => console.error('page error:', e.message));
    await page.goto(url);
    await page.getByTestId('nav-graph').click();
    await page.waitForFunction(() => !!(window as { __ariadneExplorer?: unknown }).__ariadneExplorer);
    const cdp = process.env.PROFILE && first ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const render = await page.evaluate(
      async ({ n, lod }: { n: number; lod: number | null }) => {
        // Generated library: power-law-ish degrees, 40 communities, ~2.5 edges per entity, eight types.
        const types = [
          'gene',
          'protein',
          'compound/drug',
          'disease',
          'pathway',
          'cell type',
          'organism',
          'concept',
        ];
        let seed = 42;
        const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
        const nodes = Array.from({ length: n }, (_, i) => ({
          id: `e${i}`,
          name: `Entity ${i}`,
          type: types[i % types.length]!,
          description: '',
          aliases: [],
          evidenceCount: 1 + Math.floor(20 * rnd() ** 4),
          communityId: `c${i % 40}`,
          degree: 0,
        }));
        const edges: { source: string; target: string; weight: number; keywords: string[] }[] = [];
        for (let i = 1; i < n; i++) {
          for (let k = 0; k < 2 + (rnd() < 0.5 ? 1 : 0); k++) {
            const same = rnd() < 0.85;
            const j = same ? (Math.floor(rnd() * (i / 40)) * 40 + (i % 40)) % i : Math.floor(rnd() ** 2 * i);
            if (j === i) continue;
            edges.push({ source: `e${i}`, target: `e${j}`, weight: 1 + Math.floor(rnd() * 3), keywords: [] });
            nodes[i]!.degree++;
            nodes[j]!.degree++;
          }
        }
        const w = window as unknown as {
          __ariadneExplorer: { load(sg: unknown, lod?: unknown): void; stats: { nodes: number } | null };
          __benchStart: number;
        };
        await new Promise((r) => setTimeout(r, 50));
        const t0 = performance.now();
        w.__benchStart = t0;
        w.__ariadneExplorer.load({ nodes, edges, totalEntities: n, truncated: false }, lod ?? undefined);
        await new Promise<void>((resolve) => {
          const check = () => {
            if (w.__ariadneExplorer.stats) requestAnimationFrame(() => resolve());
            else setTimeout(check, 5);
          };
          check();
        });
        return { ms: performance.now() - t0, drawn: w.__ariadneExplorer.stats!.nodes };
      },
      { n, lod: view === 'all' ? 50_000 : null },
    );
    if (cdp) await printProfile(cdp);

    // The layout runs in its worker (or not at all on a second visit): wait until it has stopped.
    const t0 = Date.now();
    let layoutMs = 0;
    for (;;) {
      const state = await page.getByTestId('graph-canvas').getAttribute('data-layout');
      if (state === 'running') layoutMs = Date.now() - t0;
      if (state === 'idle' && Date.now() - t0 > 1500) break;
      if (Date.now() - t0 > LAYOUT_WAIT_MS) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // The finished layout is saved over the WebSocket: let it land before the second visit reads it.
    await new Promise((r) => setTimeout(r, 1500));
    const longest = await page.evaluate(() => {
      const w = window as unknown as {
        __longtasks: { start: number; duration: number }[];
        __benchStart: number;
      };
      return Math.max(
        0,
        ...w.__longtasks.filter((t) => t.start >= w.__benchStart - 1).map((t) => t.duration),
      );
    });
    const zoom = await frames(page, async () => {
      await page.mouse.move(720, 450);
      for (const dy of [
        -240, -240, -240, -240, -240, -240, -240, -240, 240, 240, 240, 240, 240, 240, 240, 240,
      ]) {
        await page.mouse.wheel(0, dy);
        await page.waitForTimeout(60);
      }
    });
    const pan = await frames(page, async () => {
      await page.mouse.move(600, 400);
      await page.mouse.down();
      for (let i = 1; i <= 40; i++) {
        await page.mouse.move(600 + i * 8, 400 + i * 4);
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
    });
    const positions = await page.evaluate(() => window.__ariadneCanvas?.positions() ?? {});
    return {
      firstRenderMs: Math.round(render.ms),
      drawn: render.drawn,
      longestTaskMs: Math.round(longest),
      layoutMs,
      zoom,
      pan,
      positions,
    };
  } finally {
    await page.close();
  }
}

/** Intervals between animation frames while `act` runs: p50, p95 and max, in ms. */
async function frames(page: Page, act: () => Promise<void>) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: number };
    w.__frames = [];
    // A recorder per measurement: a frame callback left from the previous one stops itself.
    const run = (w.__recording = (w.__recording || 0) + 1);
    const tick = (t: number) => {
      if (w.__recording !== run) return;
      w.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await act();
  await page.waitForTimeout(300);
  const times = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: number };
    w.__recording++;
    return w.__frames;
  });
  const gaps = times
    .slice(1)
    .map((t, i) => t - (times[i] ?? t))
    .sort((a, b) => a - b);
  const q = (p: number) => Math.round(gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))] ?? 0);
  return { frames: gaps.length, p50: q(0.5), p95: q(0.95), max: Math.round(gaps.at(-1) ?? 0) };
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

/** Prints the 15 functions with most self time in a CPU profile (Chrome DevTools protocol). */
async function printProfile(cdp: { send(method: string): Promise<unknown> }) {
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: {
        id: number;
        callFrame: { functionName: string; url: string; lineNumber: number };
        hitCount: number;
      }[];
    };
  };
  const self = new Map<string, number>();
  for (const n of profile.nodes) {
    const k = `${n.callFrame.functionName}@${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + n.hitCount);
  }
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 15));
}
