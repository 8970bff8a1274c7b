import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Logger } from '../core/deps';
import { defaultDataDir } from '../core/paths';
import { VERSION } from '../version';
import { createFileLogger } from '../core/log-file';
import type { LlmOverrides } from '../core/boot-settings';

export interface GlobalOptions {
  data: string;
  /** Unset: the library's saved setting, else auto. */
  llm?: 'builtin' | 'ollama' | 'openai' | 'auto';
  ollama?: string;
  baseUrl?: string;
  apiKey?: string;
  endpoint?: string[];
  chatModel?: string;
  embedModel?: string;
  concurrency?: number;
  graphBackend?: string;
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
      new Option(
        '--llm <provider>',
        "model provider: auto (Ollama if running, else built-in), ollama, openai (any OpenAI-compatible server), builtin (default: the library's setting, else auto)",
      )
        .choices(['builtin', 'ollama', 'openai', 'auto'])
        .env('ARIADNE_LLM'),
    )
    .addOption(
      new Option(
        '--ollama <url>',
        'Ollama server URL (default: the library setting, else http://127.0.0.1:11434)',
      ).env('OLLAMA_HOST'),
    )
    .addOption(
      new Option(
        '--base-url <url>',
        'OpenAI-compatible server, e.g. http://127.0.0.1:1234/v1 (with --llm openai)',
      ).env('ARIADNE_BASE_URL'),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        "the OpenAI-compatible server's API key, if it wants one (never logged)",
      ).env('ARIADNE_API_KEY'),
    )
    .addOption(
      new Option(
        '--endpoint <url>',
        'one more server with the same models; repeat for several (calls go where a slot is free)',
      ).argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), v]),
    )
    .addOption(
      new Option('--chat-model <name>', 'chat model (default: the recommended one served)').env(
        'ARIADNE_CHAT_MODEL',
      ),
    )
    .addOption(new Option('--embed-model <name>', 'embedding model').env('ARIADNE_EMBED_MODEL'))
    .addOption(
      new Option('--concurrency <n>', 'model calls in flight (default: the library setting)')
        .env('ARIADNE_CONCURRENCY')
        .argParser(positiveInt),
    )
    .addOption(
      new Option(
        '--graph-backend <name>',
        'graph store of a new library: kuzu, or memory (nothing kept)',
      ).env('ARIADNE_GRAPH_BACKEND'),
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

/** The model settings given on the command line or in the environment, over the library's saved ones. */
export function llmOverrides(g: GlobalOptions, argv: readonly string[] = process.argv): LlmOverrides {
  const onCommandLine = argv.some((a) => a === '--llm' || a.startsWith('--llm='));
  return {
    ...(g.llm
      ? {
          llm: g.llm,
          llmSource:
            !onCommandLine && process.env.ARIADNE_LLM === g.llm
              ? 'ARIADNE_LLM in the environment'
              : '--llm on the command line',
        }
      : {}),
    ...(g.ollama ? { ollamaUrl: g.ollama } : {}),
    ...(g.baseUrl ? { baseUrl: g.baseUrl } : {}),
    ...(g.apiKey ? { apiKey: g.apiKey } : {}),
    ...(g.endpoint?.length ? { extraEndpoints: g.endpoint } : {}),
    ...(g.chatModel ? { chatModel: g.chatModel } : {}),
    ...(g.embedModel ? { embedModel: g.embedModel } : {}),
  };
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
  opts: { readOnly?: boolean; replayKeptReplies?: boolean } = {},
) {
  const { bootCore } = await import('../core/boot');
  return bootCore({
    dataDir: g.data,
    ...llmOverrides(g),
    concurrency: g.concurrency,
    graphBackend: g.graphBackend,
    host: 'serve',
    version: VERSION,
    log,
    readOnly: opts.readOnly,
    replayKeptReplies: opts.replayKeptReplies,
  });
}
