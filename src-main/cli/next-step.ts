/**
 * Every error the CLI prints ends with what to do next: the command to run or the option to change.
 * Keyed by the core's error codes, so the wording lives in one place for every command.
 */
const FREE_SPACE =
  'Free some space on the disk that holds the library (`df -h` shows it), then run the command again: ' +
  'unfinished documents resume where they stopped.';

const NEXT: Record<string, (err: { message: string; action?: unknown }) => string> = {
  server_unreachable: (e) =>
    (e.action as { kind?: string } | undefined)?.kind === 'start-ollama'
      ? 'Start Ollama (`ollama serve`, or open the Ollama app; install it from https://ollama.com), ' +
        'or run with `--llm builtin` to use the built-in offline engine.'
      : 'Start the model server (LM Studio, `llama-server`, vLLM…) or correct `--base-url`, ' +
        'or run with `--llm builtin` to use the built-in offline engine.',
  server_refused: () =>
    'Give the server its API key with `--api-key KEY` (or ARIADNE_API_KEY), or in Settings → Model.',
  model_missing: (e) => {
    const model = (e.action as { model?: string } | undefined)?.model;
    return /in Ollama/.test(e.message)
      ? `Pull it with \`ollama pull ${model ?? '<model>'}\`, or run with \`--llm builtin\`.`
      : `Load ${model ?? 'the model'} in the model server, or name a model it serves with \`--chat-model\` / \`--embed-model\`.`;
  },
  library_locked: () =>
    'Close the other Ariadne window or `ariadne serve` using this library, or choose another with `--data DIR`.',
  timeout: () => 'Try again; if the model server is busy, wait for it or run with `--llm builtin`.',
  not_found: () => 'Run `ariadne status` to list the documents in the library.',
  disk_full: () => FREE_SPACE,
  library_damaged: () =>
    '`ariadne doctor` says what is damaged; `ariadne repair` rebuilds the library from its snapshots and ' +
    'stored originals, `ariadne restore` goes back to a snapshot (`ariadne snapshot --list`).',
  ENOSPC: () => FREE_SPACE,
  // Node's own codes, for `serve --port N`.
  EADDRINUSE: () =>
    'Another program uses that port: choose another with `--port N`, or leave --port out for a free one.',
  EACCES: () => 'Choose a port above 1024 with `--port N`, or leave --port out for a free one.',
};

/** One or two lines for stderr: the error, then its next step when one is known. */
export function describeError(e: unknown): string {
  const err = e as { code?: string; message?: string; action?: unknown };
  const message = err.message ?? String(e);
  const next = err.code ? NEXT[err.code]?.({ message, action: err.action }) : undefined;
  return next ? `ariadne: ${message}\n${next}` : `ariadne: ${message}`;
}

export const INGEST_FIRST =
  'The library is empty. Add papers first: `ariadne ingest <files or folders>` (PDF, .txt or .md).';
