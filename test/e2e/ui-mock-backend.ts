import type { Page } from 'playwright-core';

/**
 * A stand-in for the library, graph, chat and settings handlers, injected by routing the page's RPC
 * WebSocket: app:* and llm:* still reach the real `ariadne serve`. It lets the screen tests run (and take
 * their screenshots) before the backend domains are wired; the ui-flows test covers the real handlers.
 */
export interface MockOptions {
  pdfBase64: string;
  /** Delay between streamed answer tokens. */
  tokenMs?: number;
}

const DOC = 'doc-tp53';
const cite = (page: number, quote: string) => ({
  documentId: DOC,
  title: 'Metformin suppresses IL-6 driven mTOR activation in TP53 mutant colorectal cancer cells',
  shortTitle: 'Nguyen & Haddad',
  year: 2019,
  page,
  chunkId: `c${page}`,
  quote,
});
const Q_AMPK = 'Metformin activates AMPK, which inhibits mTOR complex 1 through TSC2 and raptor.';
const Q_IL6 = 'Metformin abolished the IL-6 response in both lines.';

const TYPES = ['Gene', 'Protein', 'Chemical', 'Disease', 'Pathway', 'CellType', 'Organism', 'Process'];
const NAMED: [string, string][] = [
  ['Metformin', 'Chemical'],
  ['AMPK', 'Protein'],
  ['mTOR', 'Protein'],
  ['mTORC1', 'Protein'],
  ['TP53', 'Gene'],
  ['IL-6', 'Protein'],
  ['TSC2', 'Gene'],
  ['Raptor', 'Protein'],
  ['S6', 'Protein'],
  ['STAT3', 'Protein'],
  ['TNF', 'Protein'],
  ['Colorectal cancer', 'Disease'],
  ['HCT116', 'CellType'],
  ['Oleoylethanolamide', 'Chemical'],
  ['PPAR-alpha', 'Protein'],
  ['Satiety', 'Process'],
  ['Gut barrier', 'Process'],
  ['Rapamycin', 'Chemical'],
  ['Insulin resistance', 'Disease'],
  ['Autophagy', 'Process'],
];

function entity(i: number) {
  const [name, type] = NAMED[i] ?? [`Entity ${i}`, TYPES[i % TYPES.length]!];
  return {
    id: `e${i}`,
    name,
    type,
    description: i < NAMED.length ? `${name} as described in the library.` : '',
    aliases: i === 0 ? ['dimethylbiguanide'] : [],
    evidenceCount: i < NAMED.length ? 12 - (i % 9) : 1 + (i % 5),
    communityId: `c${i < NAMED.length ? i % 3 : i % 9}`,
  };
}

export function subgraph(n = 400) {
  const nodes = Array.from({ length: n }, (_, i) => ({ ...entity(i), degree: 0 }));
  const edges: { source: string; target: string; weight: number; keywords: string[] }[] = [];
  const add = (a: number, b: number, w: number) => {
    edges.push({ source: `e${a}`, target: `e${b}`, weight: w, keywords: ['regulates'] });
    nodes[a]!.degree++;
    nodes[b]!.degree++;
  };
  for (let i = 1; i < NAMED.length; i++) add(i - 1, i, 3);
  add(0, 5, 2);
  add(2, 10, 2);
  for (let i = NAMED.length; i < n; i++) {
    const c = i % 9;
    add(i, (c * 7 + ((i * 13) % 40)) % NAMED.length, 1);
    if (i > NAMED.length + 9) add(i, i - 9, 1);
  }
  return { nodes, edges, totalEntities: 4812, truncated: true };
}

const edge = (a: number, b: number, kw: string, desc: string, c: ReturnType<typeof cite>, count = 2) => ({
  source: `e${a}`,
  target: `e${b}`,
  reversed: false,
  keywords: [kw],
  evidenceCount: count,
  best: { source: `e${a}`, target: `e${b}`, keywords: [kw], description: desc, confidence: 0.9, citation: c },
});

const SEARCH = {
  from: {
    term: 'metformin',
    candidates: [{ entity: entity(0), score: 1, matchedBy: 'exact' }],
    ambiguous: false,
  },
  to: null,
  tookMs: 23,
  paths: [
    {
      nodes: [entity(0), entity(1), entity(2)],
      edges: [
        edge(0, 1, 'activates', 'Metformin activates AMPK', cite(2, Q_AMPK), 3),
        edge(1, 2, 'inhibits', 'AMPK inhibits mTORC1 through TSC2', cite(2, Q_AMPK)),
      ],
      score: 0.92,
      text: '',
    },
    {
      nodes: [entity(0), entity(5)],
      edges: [edge(0, 5, 'abolishes', 'Metformin abolished the IL-6 response', cite(1, Q_IL6))],
      score: 0.81,
      text: '',
    },
  ],
};

const DOCS = [
  {
    id: DOC,
    title: cite(1, '').title,
    authors: ['Linh T. Nguyen', 'Omar Haddad'],
    year: 2019,
    doi: null,
    fileName: 'tp53-metformin.pdf',
    kind: 'pdf',
    pages: 3,
    status: 'done',
    stage: 'done',
    chunksDone: 6,
    chunksTotal: 6,
    chunksFailed: 0,
    entities: 34,
    relationships: 51,
    etaMs: null,
    error: null,
    addedAt: '2024-05-01T10:00:00Z',
  },
  {
    id: 'doc-oea',
    title:
      'Oleoylethanolamide restores gut barrier function and satiety signalling in diet-induced obese mice',
    authors: ['Maria Rossi', 'Kenji Sato', 'Ana Duarte', 'Paul Weber'],
    year: 2021,
    doi: null,
    fileName: 'oea-gut.pdf',
    kind: 'pdf',
    pages: 4,
    status: 'running',
    stage: 'extracting',
    chunksDone: 7,
    chunksTotal: 12,
    chunksFailed: 0,
    entities: 0,
    relationships: 0,
    etaMs: 46_000,
    error: null,
    addedAt: '2024-05-01T10:01:00Z',
  },
  {
    id: 'doc-rev',
    title: 'Caloric restriction and healthy ageing: a review',
    authors: ['J. Moreau'],
    year: 2020,
    doi: null,
    fileName: 'cr-review.pdf',
    kind: 'pdf',
    pages: 18,
    status: 'partially_failed',
    stage: 'done',
    chunksDone: 38,
    chunksTotal: 40,
    chunksFailed: 2,
    entities: 120,
    relationships: 210,
    etaMs: null,
    error:
      '2 of 40 passages could not be read: the model returned unreadable JSON three times. Retry them, or switch to a larger model.',
    addedAt: '2024-05-01T10:02:00Z',
  },
  {
    id: 'doc-q',
    title: '',
    authors: [],
    year: null,
    doi: null,
    fileName: 'senolytics-2023.pdf',
    kind: 'pdf',
    pages: 0,
    status: 'queued',
    stage: 'queued',
    chunksDone: 0,
    chunksTotal: 0,
    chunksFailed: 0,
    entities: 0,
    relationships: 0,
    etaMs: null,
    error: null,
    addedAt: '2024-05-01T10:03:00Z',
  },
];

const ANSWER =
  'Metformin acts on the **AMPK–mTOR axis**: it activates AMPK, which inhibits mTOR complex 1 through TSC2 and raptor [1]. ' +
  'In TP53 knockout colorectal cancer cells, metformin abolished the IL-6 driven S6 phosphorylation [2].\n\n' +
  '- Mechanism: AMPK → TSC2 → mTORC1 [1]\n- Context: IL-6 signalling in TP53 mutant cells [2]\n\n<script>alert(1)</script>';
const CITATIONS = [
  {
    n: 1,
    documentId: DOC,
    title: cite(1, '').title,
    year: 2019,
    page: 2,
    chunkId: 'c2',
    quote: Q_AMPK,
    supported: true,
  },
  {
    n: 2,
    documentId: DOC,
    title: cite(1, '').title,
    year: 2019,
    page: 1,
    chunkId: 'c1',
    quote: Q_IL6,
    supported: true,
  },
];

export async function mockBackend(page: Page, opts: MockOptions): Promise<void> {
  const tokenMs = opts.tokenMs ?? 30;
  await page.routeWebSocket(/\/rpc/, (ws) => {
    const server = ws.connectToServer();
    const cancelled = new Set<string>();
    server.onMessage((m) => ws.send(m));
    const reply = (id: string, data: unknown) =>
      ws.send(JSON.stringify({ type: 'result', id, result: { ok: true, data } }));
    const item = (id: string, it: unknown) => ws.send(JSON.stringify({ type: 'stream', id, item: it }));
    const stream = async (id: string) => {
      const steps = [
        { step: 'route', detail: 'local mode: the question names entities', ms: 3 },
        { step: 'resolve', detail: 'metformin → Metformin (exact)', ms: 5 },
        { step: 'retrieve', detail: '12 relationships, 6 passages', ms: 41 },
      ];
      for (const s of steps) item(id, { type: 'trace', step: s });
      item(id, { type: 'sources', citations: CITATIONS });
      for (const tok of ANSWER.match(/\S+\s*/g)!) {
        if (cancelled.has(id)) {
          ws.send(
            JSON.stringify({
              type: 'result',
              id,
              result: { ok: false, error: { code: 'cancelled', message: 'Cancelled.' } },
            }),
          );
          return;
        }
        item(id, { type: 'token', text: tok });
        await new Promise((r) => setTimeout(r, tokenMs));
      }
      reply(id, {
        answer: ANSWER,
        mode: 'local',
        citations: CITATIONS,
        trace: [...steps, { step: 'verify', detail: '2 of 2 citations supported', ms: 12 }],
        confidence: 0.8,
        insufficient: false,
        conversationId: 'conv1',
      });
    };
    ws.onMessage((raw) => {
      const f = JSON.parse(String(raw)) as {
        type: string;
        id: string;
        method?: string;
        params?: Record<string, unknown>;
      };
      if (f.type === 'cancel') return void cancelled.add(f.id);
      const m = f.method ?? '';
      const fixed: Record<string, unknown> = {
        'library:list': { documents: DOCS },
        'queue:status': {
          paused: false,
          queued: 1,
          running: 1,
          done: 1,
          failed: 1,
          capacity: 2,
          counters: { schemaInvalid: 3, upstreamErrors: 1, llmCalls: 212 },
        },
        'library:file': { fileName: 'tp53-metformin.pdf', kind: 'pdf', dataBase64: opts.pdfBase64 },
        'library:document': {
          ...DOCS[2],
          chunkErrors: [
            { chunkIndex: 17, step: 'extract', attempts: 3, error: 'unreadable JSON' },
            { chunkIndex: 31, step: 'extract', attempts: 3, error: 'timed out after 300 s' },
          ],
          sections: [],
        },
        'graph:subgraph': subgraph(),
        'graph:search': SEARCH,
        'graph:entity': {
          entity: entity(Number(String(f.params?.entityId ?? 'e0').slice(1))),
          evidence: [SEARCH.paths[0]!.edges[0]!.best, SEARCH.paths[1]!.edges[0]!.best],
          neighbours: [1, 5, 11].map((i) => entity(i)),
        },
        'graph:edge-evidence': {
          evidence: [
            SEARCH.paths[0]!.edges[0]!.best,
            {
              ...SEARCH.paths[0]!.edges[0]!.best,
              description: 'AMPK activation by metformin',
              citation: cite(1, Q_IL6),
            },
          ],
        },
        'graph:merge-candidates': {
          candidates: [
            { a: entity(2), b: entity(3), score: 0.74, reason: 'alias overlap “mTOR complex 1”' },
            {
              a: entity(5),
              b: { ...entity(40), name: 'Interleukin 6' },
              score: 0.69,
              reason: 'abbreviation of the full name',
            },
          ],
        },
        'chat:list': {
          conversations: [
            { id: 'conv1', title: 'Metformin and mTOR', updatedAt: '2024-05-01T10:05:00Z' },
            { id: 'conv2', title: 'OEA and satiety', updatedAt: '2024-04-30T09:00:00Z' },
          ],
        },
        'settings:get': {
          provider: 'auto',
          host: 'http://127.0.0.1:11434',
          chatModel: null,
          embedModel: null,
          concurrency: 2,
          timeoutMs: 300000,
          longevityTypes: false,
          chunkTokens: 1000,
          entityTypeSet: 'biomedical',
        },
      };
      if (m === 'qa:ask') return void stream(f.id);
      if (m in fixed) return reply(f.id, fixed[m]);
      if (/^(library|queue|graph):/.test(m)) return reply(f.id, { ok: true, mergeId: 'm1' });
      if (m === 'settings:set') return reply(f.id, { ...(fixed['settings:get'] as object), ...f.params });
      server.send(String(raw));
    });
  });
}
