// @ts-check
// Lint enforces the layering of docs/ARCHITECTURE.md ("Layers"): renderer -> contract only; core, cli and
// workers never touch electron; raw ipcMain/ipcRenderer only in the rpc Electron transport and the preload;
// inside core, each folder imports only the layers below it (the allow-lists in `coreLayers`).
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const backendOnly = [
  '**/src-main/core/**',
  '**/src-main/rpc/**',
  '**/src-main/cli/**',
  '**/src-main/electron/**',
  '**/src-main/preload/**',
  '**/src-worker/**',
];
const relativeBackend = ['**/core/**', '**/rpc/**', '**/cli/**', '**/electron/**', '**/preload/**'];
const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Raw IPC lives only in src-main/rpc/transports/electron-ipc.ts and the preload.',
};
const noElectron = {
  name: 'electron',
  message: 'The headless core, CLI and workers must run under plain Node: never import electron here.',
};

// The storage implementations. Both the current folder names and the backend names are listed, so the
// rule holds while the folders are renamed.
const storeImplementations = [
  '**/store/kuzu',
  '**/store/kuzu/**',
  '**/store/graph',
  '**/store/graph/**',
  '**/store/lancedb',
  '**/store/lancedb/**',
  '**/store/vectors',
  '**/store/vectors/**',
];
const storeImplementationOnly = {
  group: storeImplementations,
  message:
    'Kùzu and LanceDB are reached through the store interfaces; only src-main/core/store/** (backends.ts) imports them.',
};
/** The top folders of src-main/core; files directly in core/ (create-core, deps, at, ...) are the shared root. */
const coreAreas = [
  'app',
  'citations',
  'communities',
  'entities',
  'export',
  'ingest',
  'library',
  'llm',
  'nlp',
  'retrieval',
  'store',
];
/** Forbids every core area not in `allowed` (an allow-list, as VS Code's code-import-patterns). */
function onlyCoreAreas(layer, allowed) {
  const denied = coreAreas.filter((a) => a !== layer && !allowed.includes(a));
  return {
    group: denied.flatMap((a) => [
      `**/core/${a}`,
      `**/core/${a}/**`,
      `../${a}`,
      `../${a}/**`,
      `../../${a}/**`,
      `../../../${a}/**`,
    ]),
    message: `core/${layer} may import only contract, the core root and core/{${allowed.join(',')}}.`,
  };
}
/** The core folders ingestion may import. */
const ingestCoreAllowed = ['store', 'library', 'citations', 'entities', 'llm', 'nlp'];
// Layers inside core, lowest first: contract <- llm, store <- ingest, retrieval <- handlers, services <-
// rpc, cli, electron. `library` opens a library's stores and is shared by ingest and retrieval.
const coreLayers = [
  { layer: 'nlp', allowed: [] },
  { layer: 'llm', allowed: ['nlp'] },
  { layer: 'store', allowed: [] },
  { layer: 'library', allowed: ['store', 'nlp'] },
  { layer: 'citations', allowed: ['store', 'library', 'communities', 'nlp'] },
  { layer: 'entities', allowed: ['store', 'library', 'llm', 'nlp'] },
  { layer: 'communities', allowed: ['store', 'library', 'llm', 'nlp'] },
  { layer: 'ingest', allowed: ingestCoreAllowed },
  { layer: 'retrieval', allowed: ['store', 'library', 'entities', 'communities', 'llm', 'nlp'] },
];
/** The folders of src-main/core/ingest; files directly in ingest/ are its service, handlers and API. */
const ingestAreas = [
  'chunk',
  'estimate',
  'ground',
  'parse',
  'pipeline',
  'queue',
  'resolve',
  'runtime',
  'zotero',
];
// Layers inside ingest, lowest first: a document is parsed, split into passages, read and grounded, resolved,
// queued; the runtime (workers, model calls, journal, scheduler) sits below the pipeline that runs the flows,
// and nothing in a folder reaches up to the service files directly in ingest/.
const ingestLayers = [
  { layer: 'parse', allowed: [] },
  { layer: 'ground', allowed: [] },
  { layer: 'chunk', allowed: ['parse', 'ground'] },
  { layer: 'resolve', allowed: ['ground'] },
  { layer: 'queue', allowed: [] },
  { layer: 'estimate', allowed: ['parse', 'chunk'] },
  { layer: 'runtime', allowed: ['parse', 'chunk', 'ground', 'resolve', 'queue'] },
  { layer: 'pipeline', allowed: ['parse', 'chunk', 'ground', 'resolve', 'queue', 'runtime'] },
  { layer: 'zotero', allowed: ['parse'] },
];
/** Forbids every ingest folder not in `allowed`, and the service files directly in ingest/. */
function onlyIngestAreas(layer, allowed) {
  const denied = ingestAreas.filter((a) => a !== layer && !allowed.includes(a));
  return {
    group: [
      ...denied.flatMap((a) => [`**/core/ingest/${a}`, `**/core/ingest/${a}/**`, `../${a}`, `../${a}/**`]),
      ...['ingest-service', 'ingest-api', 'library-documents', 'library-handlers', 'worker-paths'].flatMap(
        (f) => [`../${f}`, `**/core/ingest/${f}`],
      ),
    ],
    message: `core/ingest/${layer} may import only core/ingest/{${allowed.join(',')}} (and expand-paths, summary-cache) of ingestion.`,
  };
}
// The outer shells reach core through create-core, the services and the handlers, never through a
// store, an ingest step or a model client.
const shellDenied = {
  group: ['**/core/ingest/*/**', '**/core/llm/*/**', ...storeImplementations],
  message:
    'rpc, cli and electron use the core services and handlers, not stores, ingest steps or model clients.',
};
// Tests that exercise the storage implementations themselves.
const storeTests = [
  'test/**/*kuzu*',
  'test/**/*lancedb*',
  'test/**/store-*',
  'test/bench/store.ts',
  'src-main/core/store/**',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'test/fixtures/generated/**',
      'test/lint-fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: [rawIpc] }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to the backend only through api/client.ts.' },
          ],
          patterns: [
            {
              group: backendOnly,
              message: 'The renderer may import only src-renderer and src-main/contract.',
            },
            {
              group: ['node:*', 'fs', 'path', 'child_process', 'worker_threads'],
              message: 'No Node APIs in the renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src-main/core/**/*.ts',
      'src-main/cli/**/*.ts',
      'src-worker/**/*.ts',
      'src-main/contract/**/*.ts',
      'src-main/rpc/**/*.ts',
    ],
    ignores: ['src-main/rpc/transports/electron-ipc.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  ...coreLayers.map(({ layer, allowed }) => ({
    files: [`src-main/core/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [onlyCoreAreas(layer, allowed), ...(layer === 'store' ? [] : [storeImplementationOnly])],
        },
      ],
    },
  })),
  ...ingestLayers.map(({ layer, allowed }) => ({
    files: [`src-main/core/ingest/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            onlyCoreAreas('ingest', ingestCoreAllowed),
            storeImplementationOnly,
            onlyIngestAreas(layer, allowed),
          ],
        },
      ],
    },
  })),
  {
    files: [
      'src-main/core/*.ts',
      'src-main/core/app/**/*.ts',
      'src-main/core/export/**/*.ts',
      'src-worker/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [storeImplementationOnly] }],
    },
  },
  {
    files: ['test/**/*.ts'],
    ignores: storeTests,
    rules: { 'no-restricted-imports': ['error', { paths: [rawIpc], patterns: [storeImplementationOnly] }] },
  },
  {
    files: ['src-main/cli/**/*.ts', 'src-main/rpc/**/*.ts', 'src-main/electron/**/*.ts'],
    ignores: ['src-main/rpc/transports/electron-ipc.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawIpc],
          patterns: [shellDenied],
        },
      ],
    },
  },
  {
    files: ['src-main/cli/**/*.ts', 'src-main/rpc/**/*.ts'],
    ignores: ['src-main/rpc/transports/electron-ipc.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [shellDenied] }] },
  },
  {
    // No unchecked `!` outside tests: a read that cannot miss goes through src-main/core/at.ts (at, atKey: a
    // miss throws a clear internal error), absence is handled where it is legitimate, and the rare `!` left
    // says in its disable comment why the value exists.
    files: ['src-main/**/*.{ts,tsx}', 'src-renderer/**/*.{ts,tsx}', 'src-worker/**/*.ts', '*.config.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['src-main/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [{ group: relativeBackend, message: 'The contract imports zod only.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/rpc/transports/electron-ipc.ts', 'src-main/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
