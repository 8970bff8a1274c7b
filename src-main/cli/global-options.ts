import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Logger } from '../core/deps';
import { defaultDataDir } from '../core/paths';
import { VERSION } from '../version';
import { createFileLogger } from '../core/log-file';
import { trimEndChars } from '../core/nlp/trim-chars';

export interface GlobalOptions {
  data: string;
  llm: 'builtin' | 'ollama' | 'auto';
  ollama: string;
  chatModel?: string;
  embedModel?: string;
  concurrency?: number;
  verbose?: boolean;
}

/** Options every command shares; each has an environment variable so scripts and the desktop app agree. */
export function addGlobalOptions(program: Command): Command {
  return program
    .addOption(
      new Option('--data <dir>', 'library folder')
        .env('ARIADNE_DATA')
        .default(defaultDataDir(), 'the OS app-data folder'),
    )
    .addOption(
      new Option('--llm <provider>', 'LLM provider').choices(['builtin', 'ollama', 'auto']).default('auto'),
    )
    .addOption(
      new Option('--ollama <url>', 'Ollama server URL').env('OLLAMA_HOST').default('http://127.0.0.1:11434'),
    )
    .addOption(new Option('--chat-model <name>', 'Ollama chat model').env('ARIADNE_CHAT_MODEL'))
    .addOption(new Option('--embed-model <name>', 'Ollama embedding model').env('ARIADNE_EMBED_MODEL'))
    .addOption(
      new Option('--concurrency <n>', 'model calls in flight (default: the library setting)')
        .env('ARIADNE_CONCURRENCY')
        .argParser(positiveInt),
    )
    .addOption(
      new Option('--verbose', 'also print the structured log (kept in <library>/logs/ariadne.log) on stderr'),
    );
}

function positiveInt(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new InvalidArgumentError('a whole number from 1 to 16');
  return n;
}

/** OLLAMA_HOST may be "host:port" without a scheme, as Ollama itself accepts. */
export function normaliseOllamaUrl(raw: string): string {
  const withScheme = /^https?:\/\//.test(raw) ? raw : `http://${raw}`;
  return trimEndChars(withScheme, '/');
}

/** The library's log file, echoed on stderr with --verbose: never mixed into a command's own output. */
export function cliLogger(g: GlobalOptions): Logger {
  return createFileLogger({ dataDir: g.data, verbose: g.verbose });
}

/**
 * Every command boots the same core from the same global options and logs to the library's log file. The
 * core (Kùzu, LanceDB, the Ollama client…) is imported here, when a command needs it, so `--help` and
 * argument errors do not load it.
 */
export async function bootFromOptions(
  g: GlobalOptions,
  log: Logger = cliLogger(g),
  opts: { readOnly?: boolean } = {},
) {
  const { bootCore } = await import('../core/boot');
  return bootCore({
    dataDir: g.data,
    llm: g.llm,
    ollamaUrl: normaliseOllamaUrl(g.ollama),
    chatModel: g.chatModel,
    embedModel: g.embedModel,
    concurrency: g.concurrency,
    host: 'serve',
    version: VERSION,
    log,
    readOnly: opts.readOnly,
  });
}
