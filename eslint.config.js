// @ts-check
// Lint enforces the layering of DESIGN.md: renderer -> contract only; core, cli and workers never touch
// electron; raw ipcMain/ipcRenderer only in the rpc Electron transport and the preload.
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
