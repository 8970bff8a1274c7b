import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PassageBox } from '../../../src-main/contract/library';
import type { UiClient } from '../../api/rpc';

// The worker is a bundled file served from 'self', which the CSP allows; pdf.js never needs eval here.
GlobalWorkerOptions.workerSrc = workerUrl;

/** A library document as the source drawer shows it: a PDF, or the text of a .txt or .md file. */
export type LoadedSource =
  { kind: 'pdf'; doc: PDFDocumentProxy } | { kind: 'text'; text: string; fileName: string };

const cache = new Map<string, Promise<LoadedSource>>();

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The library's copy of a document, opened once per session: a PDF by pdf.js, a text file as text. */
export function loadSource(api: UiClient, documentId: string): Promise<LoadedSource> {
  let p = cache.get(documentId);
  if (!p) {
    p = api.call('library:file', { documentId }).then(async (f): Promise<LoadedSource> => {
      if (f.kind !== 'pdf')
        return {
          kind: 'text',
          text: new TextDecoder().decode(fromBase64(f.dataBase64)),
          fileName: f.fileName,
        };
      // isEvalSupported:false — fonts are drawn without compiled functions (CVE-2024-4367, and the CSP).
      const doc = await getDocument({ data: fromBase64(f.dataBase64), isEvalSupported: false }).promise;
      return { kind: 'pdf', doc };
    });
    p.catch(() => cache.delete(documentId));
    cache.set(documentId, p);
  }
  return p;
}

/**
 * Where the quote of a citation is printed, when it carries its text span; empty without a span or geometry
 * (the viewer then falls back to highlightQuote), or when the lookup fails: a highlight is not worth an error.
 */
export async function passageBoxes(
  api: UiClient,
  source: { documentId: string; start?: number; end?: number },
): Promise<PassageBox[]> {
  const { documentId, start, end } = source;
  if (start === undefined || end === undefined || end <= start) return [];
  return api.call('library:passage-boxes', { documentId, start, end }).then(
    (r) => r.boxes,
    () => [],
  );
}

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ');

/**
 * Marks the text-layer spans that hold the quote. Quotes come from chunk text, which may differ from the
 * page in hyphenation and spacing, so matching ignores punctuation and falls back to shorter prefixes.
 */
export function highlightQuote(spans: HTMLElement[], quote: string): HTMLElement | null {
  if (!quote.trim()) return null;
  let text = '';
  const ranges: [number, number][] = [];
  for (const s of spans) {
    const t = norm(s.textContent ?? '');
    ranges.push([text.length, text.length + t.length]);
    text += t + ' ';
  }
  // Match on a space-free form (PDF spacing is unreliable), then map hits back to span offsets.
  const words = norm(quote).trim().split(/ +/);
  const flat = text.replace(/ /g, '');
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] !== ' ') map.push(i);
  for (const n of [words.length, 16, 10, 6, 4]) {
    if (n > words.length) continue;
    for (const from of [0, Math.max(0, words.length - n)]) {
      const needle = words.slice(from, from + n).join('');
      const at = needle.length >= 8 ? flat.indexOf(needle) : -1;
      if (at < 0) continue;
      // map holds the text offset of every character of flat, where the needle was found.
      const start = map[at];
      const end = map[at + needle.length - 1];
      if (start === undefined || end === undefined) continue;
      let first: HTMLElement | null = null;
      spans.forEach((s, i) => {
        // One range per span.
        const [a, b] = ranges[i] ?? [0, 0];
        if (b > start && a <= end) {
          s.classList.add('hl');
          first ??= s;
        }
      });
      return first;
    }
  }
  return null;
}
