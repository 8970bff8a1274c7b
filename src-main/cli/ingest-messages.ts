import path from 'node:path';
import { InvalidArgumentError } from 'commander';

export const FILE_KINDS = ['pdf', 'txt', 'md'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** `--only pdf,md` → ['pdf', 'md']; anything else is a usage error that names the choices. */
export function parseOnly(value: string): FileKind[] {
  const kinds = value
    .split(',')
    .map((k) => k.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  const bad = kinds.filter((k) => !(FILE_KINDS as readonly string[]).includes(k));
  if (bad.length || !kinds.length)
    throw new InvalidArgumentError(`use one or more of ${FILE_KINDS.join(', ')}, comma-separated.`);
  return kinds as FileKind[];
}

export interface Found {
  items: { fileName: string; originalPath: string }[];
  rejected: { fileName: string; reason: string }[];
  /** Unsupported files met inside folders. */
  skipped: string[];
}

export interface Selection {
  /** Paths to import. */
  take: string[];
  skipped: { file: string; reason: string }[];
}

/** Applies `--only` to what the folders hold; what is left out is kept with the reason, to be reported. */
export function selectFiles(
  found: Found,
  only: FileKind[] | undefined,
  kindOf: (file: string) => string | null,
): Selection {
  const skipped = found.skipped.map((file) => ({ file, reason: 'not a PDF, .txt or .md file' }));
  const take: string[] = [];
  for (const it of found.items) {
    const kind = kindOf(it.fileName);
    if (only && !(only as string[]).includes(kind ?? ''))
      skipped.push({ file: it.originalPath, reason: `not selected by --only ${only.join(',')}` });
    else take.push(it.originalPath);
  }
  return { take, skipped };
}

function names(files: string[], max = 5): string {
  const shown = files.slice(0, max).map((f) => path.basename(f));
  return shown.join(', ') + (files.length > max ? ` and ${files.length - max} more` : '');
}

/** Why nothing was added, ending with what to do instead. */
export function nothingToAdd(paths: string[], found: Found, sel: Selection): string {
  const where = paths.join(', ');
  const lines = [`Nothing to add from ${where}.`];
  for (const r of found.rejected) lines.push(`  ${r.fileName}: ${r.reason}`);
  const unsupported = sel.skipped.filter((s) => !s.reason.startsWith('not selected'));
  const namedUnsupported = found.rejected.some((r) => r.reason.startsWith('unsupported'));
  const filtered = sel.skipped.filter((s) => s.reason.startsWith('not selected'));
  if (unsupported.length)
    lines.push(
      `  skipped ${unsupported.length} unsupported file(s): ${names(unsupported.map((s) => s.file))}`,
    );
  if (filtered.length) lines.push(`  left out by --only: ${names(filtered.map((s) => s.file))}`);
  if (filtered.length)
    lines.push('Run again without --only, or with the types you want (--only pdf,txt,md).');
  else if (unsupported.length || namedUnsupported)
    lines.push(
      'Ariadne reads PDF, .txt and .md files: save the documents as PDF, then run `ariadne ingest` again.',
    );
  else if (found.rejected.length)
    lines.push('Check the paths, then run `ariadne ingest <files or folders>` again.');
  else
    lines.push('The folder holds no files: put PDFs in it, or name the files: `ariadne ingest paper.pdf`.');
  return lines.join('\n');
}

/** After a folder ingest: what was added, what was skipped and why, and `--only pdf` when text files came along. */
export function folderNotes(
  paths: string[],
  sel: Selection,
  counts: { added: number; known: number },
  onlyGiven: boolean,
): string[] {
  const lines = [
    `Added ${counts.added} new document(s)${counts.known ? `; ${counts.known} already in the library` : ''}.`,
  ];
  if (sel.skipped.length)
    lines.push(
      `Skipped ${sel.skipped.length} file(s): ${sel.skipped
        .slice(0, 5)
        .map((s) => `${path.basename(s.file)} (${s.reason})`)
        .join(', ')}${sel.skipped.length > 5 ? ` and ${sel.skipped.length - 5} more` : ''}.`,
    );
  const pdfs = sel.take.filter((f) => f.toLowerCase().endsWith('.pdf'));
  const others = sel.take.filter((f) => !f.toLowerCase().endsWith('.pdf'));
  if (!onlyGiven && pdfs.length && others.length)
    lines.push(
      `Text files were taken beside the PDFs (${names(others)}). To take only the PDFs next time: ` +
        `\`ariadne ingest ${paths.join(' ')} --only pdf\`.`,
    );
  return lines;
}
