import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README shows the product and the real CLI: its images exist, and every `--help` block is what the
// built CLI prints (regenerate with `npm run readme:help` after changing a command).
const readme = fs.readFileSync('README.md', 'utf8');
const built = fs.existsSync('out/main/cli.js');

function helpOf(args: string[]): string {
  return execFileSync(process.execPath, ['bin/ariadne.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, COLUMNS: '80' },
  }).trimEnd();
}

/** ```\n$ ariadne … --help\n<output>\n``` blocks, in order. */
function helpBlocks(): { args: string[]; text: string }[] {
  const blocks: { args: string[]; text: string }[] = [];
  for (const part of readme.split('```\n$ ariadne').slice(1)) {
    const [first, ...rest] = part.split('\n```')[0]!.split('\n');
    blocks.push({ args: first!.trim().split(/\s+/), text: rest.join('\n') });
  }
  return blocks;
}

describe('README', () => {
  it('shows real screenshots in both themes', () => {
    for (const file of ['docs/screenshot.png', 'docs/screenshot-dark.png']) {
      expect(readme).toContain(file);
      const png = fs.readFileSync(file);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // 1440×900: the e2e screen test's viewport, not a placeholder.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1440, 900]);
    }
  });

  it.skipIf(!built)(
    'holds the CLI help for the program and every command, as the CLI prints it',
    () => {
      const blocks = helpBlocks();
      const top = helpOf(['--help']);
      const commands = (top.split('\nCommands:\n')[1] ?? '')
        .split('\n\n')[0]!
        .split('\n')
        .map((l) => /^ {2}([a-z][\w-]*)/.exec(l)?.[1])
        .filter((c): c is string => !!c && c !== 'help');
      expect(blocks.map((b) => b.args.join(' '))).toEqual(['--help', ...commands.map((c) => `${c} --help`)]);
      for (const b of blocks) expect(b.text, `ariadne ${b.args.join(' ')}`).toBe(helpOf(b.args));
    },
    120_000,
  );
});
