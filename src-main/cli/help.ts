import type { Command } from 'commander';

/**
 * `ariadne --help` lists each command with its own options (commander shows only `[options]` there), so a
 * newcomer sees `--only`, `--mode` or `--port` without a second help call.
 */
export function commandOptionsHelp(program: Command): string {
  const rows: [string, string][] = [];
  for (const cmd of program.commands) {
    const args = cmd.registeredArguments.map((a) =>
      a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}]`,
    );
    rows.push([`${cmd.name()} ${args.join(' ')}`.trim(), '']);
    for (const o of cmd.options) rows.push([`  ${o.flags}`, o.description]);
  }
  const width = Math.max(...rows.map(([a]) => a.length)) + 2;
  const lines = rows.map(([a, b]) => `  ${a.padEnd(width)}${b}`.trimEnd());
  return ['', 'Each command and its options (`ariadne <command> --help` says more):', ...lines].join('\n');
}
