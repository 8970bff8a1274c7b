import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@retorquere/bibtex-parser';
import { AriadneError } from '../../../contract/errors';
import { normaliseDoi, publication, yearOf, type ZoteroItem } from './zotero-item';

/**
 * Zotero exports with files: Better BibTeX (.bib) and CSL-JSON (.json). An export "with files" puts each
 * attachment under `files/<n>/`; the entry's `file` field names it (BibTeX: `path;path` or Zotero's
 * `Title:path:mime` triples), relative to the export's folder or absolute.
 */
export function readBibtexExport(file: string): ZoteroItem[] {
  const text = fs.readFileSync(file, 'utf8');
  const bib = parse(text, { sentenceCase: false });
  const dir = path.dirname(file);
  return bib.entries.map((e) => {
    const f = e.fields as Record<string, unknown>;
    const authors = (
      (f.author as { firstName?: string; lastName?: string; name?: string }[] | undefined) ?? []
    ).map((a) => a.name ?? `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim());
    return {
      itemKey: zoteroKeyOf(String(f.zotero_key ?? f['zotero-key'] ?? '')) ?? e.key,
      title: String(f.title ?? ''),
      authors,
      year: yearOf(String(f.year ?? f.date ?? '')),
      doi: normaliseDoi(String(f.doi ?? '')),
      tags: listOf(f.keywords),
      collections: [],
      ...publication({
        journal: f.journal ?? f.journaltitle,
        volume: f.volume,
        issue: f.number ?? f.issue,
        pages: f.pages,
        url: f.url,
      }),
      files: filesOf(String(f.file ?? ''), dir),
    };
  });
}

export function readCslJsonExport(file: string): ZoteroItem[] {
  let items: unknown;
  try {
    items = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new AriadneError(
      'invalid_input',
      `${path.basename(file)} is not valid CSL-JSON: ${(e as Error).message}`,
    );
  }
  if (!Array.isArray(items))
    throw new AriadneError('invalid_input', `${path.basename(file)} is not a CSL-JSON list.`);
  const dir = path.dirname(file);
  return items.flatMap((raw): ZoteroItem[] => {
    if (!raw || typeof raw !== 'object') return [];
    const it = raw as Record<string, unknown>;
    const names = (it.author as { family?: string; given?: string; literal?: string }[] | undefined) ?? [];
    const parts = (it.issued as { 'date-parts'?: unknown[][] } | undefined)?.['date-parts']?.[0]?.[0];
    const id = String(it.id ?? '');
    return [
      {
        itemKey: zoteroKeyOf(id) ?? id,
        title: String(it.title ?? ''),
        authors: names.map((n) => n.literal ?? `${n.given ?? ''} ${n.family ?? ''}`.trim()),
        year: yearOf(
          parts == null ? String((it.issued as { raw?: string } | undefined)?.raw ?? '') : String(parts),
        ),
        doi: normaliseDoi(String(it.DOI ?? '')),
        tags: listOf(it.keyword),
        collections: [],
        ...publication({
          journal: it['container-title'],
          volume: it.volume,
          issue: it.issue,
          pages: it.page,
          url: it.URL,
        }),
        files: filesOf(String(it.file ?? ''), dir),
      },
    ];
  });
}

/** "http://zotero.org/users/1/items/ABCD2345" or a bare key → "ABCD2345". */
function zoteroKeyOf(s: string): string | null {
  const m = /(?:^|\/items\/)([A-Z0-9]{8})$/.exec(s.trim());
  return m?.[1] ?? null;
}

function listOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).filter(Boolean);
  return typeof v === 'string'
    ? v
        .split(/[,;]/)
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

function filesOf(field: string, dir: string): string[] {
  if (!field.trim()) return [];
  return field
    .split(';')
    .map((part) => {
      // Zotero's "Title:path:mime" form; a Windows drive letter ("C:\…") stays part of the path.
      const segs = part.trim().split(':');
      const triple = segs.length >= 3 && Boolean(segs.at(-1)?.includes('/'));
      const p = (triple ? segs.slice(1, -1).join(':') : part).trim();
      return path.isAbsolute(p) ? p : path.join(dir, p);
    })
    .filter((p) => fs.existsSync(p))
    .sort((a, b) => Number(!a.toLowerCase().endsWith('.pdf')) - Number(!b.toLowerCase().endsWith('.pdf')));
}
