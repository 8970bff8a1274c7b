import type { DocumentDetail } from '../contract';

/**
 * Where `ariadne ingest` gets the password of an encrypted PDF. Never from the command line's arguments
 * (`ps` shows them to every user of the machine): from ARIADNE_PDF_PASSWORD in the environment, or with
 * `--password` from a prompt that does not echo on a terminal, else from the first line of stdin (a
 * script's `printf %s "$PW" | ariadne ingest --password …`). The password goes to the library's unlock,
 * which uses it for one reading and writes it nowhere (core/ingest/parse-requests.ts); the CLI neither
 * prints nor logs it.
 */
export const PASSWORD_ENV = 'ARIADNE_PDF_PASSWORD';

/** A PDF waiting for its password: never read, or read with a wrong one. */
export const isLocked = (d: Pick<DocumentDetail, 'status' | 'failure'>) =>
  d.status === 'failed' && d.failure?.kind === 'password';
export const wrongPassword = (d: Pick<DocumentDetail, 'status' | 'failure' | 'error'>) =>
  isLocked(d) && d.error === 'wrong password';

export interface PasswordSource {
  /** The password to try for `fileName`, or null to leave it locked. `again`: the last one was wrong. */
  passwordFor(fileName: string, again: boolean): Promise<string | null>;
  /** A prompt can be asked again after a wrong password; a fixed password cannot. */
  readonly asks: boolean;
  /** Where it came from, for the message when it was wrong. */
  readonly from: string;
}

export interface PasswordIo {
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  askHidden(question: string): Promise<string>;
  readStdinLine(): Promise<string>;
}

/**
 * The source for this run: the environment variable first, then `--password` (prompt or stdin); on a
 * terminal without either, a prompt as well, since someone is there to answer. Null: nowhere to get one.
 */
export function passwordSource(flag: boolean, io: PasswordIo): PasswordSource | null {
  const fromEnv = io.env[PASSWORD_ENV];
  if (fromEnv) return fixed(fromEnv, PASSWORD_ENV);
  if (io.interactive)
    return {
      asks: true,
      from: 'the prompt',
      async passwordFor(fileName, again) {
        const answer = await io.askHidden(
          `${again ? 'That password was wrong. ' : ''}Password for ${fileName} (Enter to skip): `,
        );
        return answer === '' ? null : answer;
      },
    };
  if (!flag) return null;
  let line: Promise<string> | null = null;
  return {
    asks: false,
    from: 'stdin',
    async passwordFor() {
      line ??= io.readStdinLine();
      const pw = await line;
      return pw === '' ? null : pw;
    },
  };
}

function fixed(password: string, from: string): PasswordSource {
  return { asks: false, from, passwordFor: async () => password };
}

/** The first line of stdin without its line ending (a password may hold spaces, so nothing else is trimmed). */
export async function readStdinLine(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return (text.split('\n')[0] ?? '').replace(/\r$/, '');
}

/** The process's terminal: the prompt on stderr (stdout stays the command's output), typing not echoed. */
export function terminalPasswordIo(): PasswordIo {
  return {
    interactive: !!process.stdin.isTTY && !!process.stderr.isTTY,
    env: process.env,
    async askHidden(question) {
      const { read } = await import('read');
      return read({ prompt: question, silent: true, replace: '*', output: process.stderr });
    },
    readStdinLine: () => readStdinLine(),
  };
}

/** What a row of a still-locked PDF adds: how to give the password, in the CLI's terms. */
export function lockedHint(fileName: string, wrong: boolean, from: string | undefined): string {
  const given = wrong && from ? ` (from ${from})` : '';
  const start = wrong ? `The password${given} was wrong` : 'This PDF is locked with a password';
  return (
    `${start}: run \`ariadne ingest ${shellWord(fileName)} --password\` and type it at the prompt, ` +
    `or pipe it on stdin, or set ${PASSWORD_ENV}.`
  );
}

/** A file name as a shell reads it back: quoted when it holds spaces or other special characters. */
function shellWord(name: string): string {
  return /^[\w@%+=:,./-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`;
}
