import type { Command } from 'commander';

function usage(cmd: Command, prefix: string): string {
  const args = cmd.registeredArguments.map((a) =>
    a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}]`,
  );
  return `${prefix}${cmd.name()} ${args.join(' ')}`.trim();
}

/**
 * `ariadne --help` lists each command with its own options (commander shows only `[options]` there), so a
 * newcomer sees `--only`, `--mode` or `--port` without a second help call. Subcommands (`export graph`)
 * are listed under their command.
 */
export function commandOptionsHelp(program: Command): string {
  const rows: [string, string][] = [];
  const add = (cmd: Command, prefix: string) => {
    if (cmd.commands.length) {
      for (const sub of cmd.commands) add(sub, `${prefix}${cmd.name()} `);
      return;
    }
    rows.push([usage(cmd, prefix), '']);
    for (const o of cmd.options) rows.push([`  ${o.flags}`, o.description]);
  };
  for (const cmd of program.commands) add(cmd, '');
  const width = Math.max(...rows.map(([a]) => a.length)) + 2;
  const lines = rows.map(([a, b]) => `  ${a.padEnd(width)}${b}`.trimEnd());
  return ['', 'Each command and its options (`ariadne <command> --help` says more):', ...lines].join('\n');
}
