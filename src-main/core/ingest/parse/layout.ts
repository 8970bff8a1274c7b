import type { Line, TextItem } from './types';
import { at } from '../../at';

/** Ligatures some fonts map to single code points; spelled out so search and hyphen joining see words. */
const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

/**
 * TeX fonts embedded without a Unicode map (Type 3 bitmap fonts from dvips, among them) leave their ligature
 * slots as raw codes, which pdf.js passes on as control characters: "Je\x1brey" is "Jeffrey" in the T1 (Cork)
 * encoding (ff fi fl ffi ffl at 0x1B–0x1F), and OT1 (Computer Modern) puts the same five at 0x0B–0x0F. A code of
 * either range next to a letter is read as its ligature; any other control character is dropped below.
 */
const TEX_LIGATURES = ['ff', 'fi', 'fl', 'ffi', 'ffl'];
const TEX_LIGATURE_CODE = /(?<=\p{L})[\u000B-\u000F\u001B-\u001F]|[\u000B-\u000F\u001B-\u001F](?=\p{L})/gu;

export function cleanItemText(s: string): string {
  return (
    s
      .replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c)
      .replace(TEX_LIGATURE_CODE, (c) => TEX_LIGATURES[(c.charCodeAt(0) & 0x0f) - 0x0b] ?? '')
      // Control characters come from broken ToUnicode maps and would poison the prose.
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
  );
}

interface Row {
  y: number;
  size: number;
  items: TextItem[];
}

/**
 * Groups items into lines: same baseline (superscripts included), split where a horizontal gap is wider
 * than an em — that is where one column ends and the next begins, or a table cell.
 */
export function itemsToLines(items: TextItem[], page: number): Line[] {
  const usable = items
    .map((it) => ({ ...it, str: cleanItemText(it.str) }))
    .filter(
      (it) => it.str.trim().length > 0 && it.height > 0 && Number.isFinite(it.x) && Number.isFinite(it.y),
    );
  usable.sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Row[] = [];
  for (const it of usable) {
    // A row is matched against the few most recent rows: two columns' baselines may differ slightly.
    let row: Row | undefined;
    for (let i = rows.length - 1; i >= Math.max(0, rows.length - 3); i--) {
      const r = at(rows, i);
      if (Math.abs(r.y - it.y) <= 0.45 * Math.max(r.size, it.height)) {
        row = r;
        break;
      }
    }
    if (!row) {
      rows.push({ y: it.y, size: it.height, items: [it] });
      continue;
    }
    row.items.push(it);
    if (it.height > row.size) {
      row.size = it.height;
      row.y = it.y;
    }
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.items.sort((a, b) => a.x - b.x);
    let seg: TextItem[] = [];
    let segEnd = -Infinity;
    const flush = () => {
      if (seg.length) lines.push(segmentToLine(seg, row, page));
      seg = [];
      segEnd = -Infinity;
    };
    for (const it of row.items) {
      if (seg.length && it.x - segEnd > Math.max(row.size, 4)) flush();
      seg.push(it);
      segEnd = Math.max(segEnd, it.x + it.width);
    }
    flush();
  }
  return lines;
}

/**
 * White space collapsed to one space and trimmed, with where each offset of `raw` lands in the result (so the
 * items of a line can be placed in its text).
 */
function collapseSpaces(raw: string): { text: string; offsetOf: (i: number) => number } {
  let out = '';
  const pos = new Array<number>(raw.length + 1);
  let space = false;
  for (let i = 0; i < raw.length; i++) {
    pos[i] = out.length;
    const c = at(raw, i);
    if (/\s/.test(c)) {
      if (!space) out += ' ';
      space = true;
    } else {
      out += c;
      space = false;
    }
  }
  pos[raw.length] = out.length;
  const lead = out.startsWith(' ') ? 1 : 0;
  const text = out.trim();
  return { text, offsetOf: (i) => Math.min(text.length, Math.max(0, at(pos, i) - lead)) };
}

function segmentToLine(seg: TextItem[], row: Row, page: number): Line {
  let text = '';
  let end = -Infinity;
  const fontChars = new Map<string, number>();
  const itemAt: number[] = [];
  for (const it of seg) {
    const gap = it.x - end;
    // A gap wider than a fifth of the font size is a word space the PDF did not encode as a character.
    if (text && gap > 0.2 * row.size && !/\s$/.test(text) && !/^\s/.test(it.str)) text += ' ';
    itemAt.push(text.length);
    text += it.str;
    end = Math.max(end, it.x + it.width);
    fontChars.set(it.fontName, (fontChars.get(it.fontName) ?? 0) + it.str.length);
  }
  const fontName = [...fontChars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const clean = collapseSpaces(text);
  // Where each item of a line of several sits: a highlight's ends land on the right item, not on a share
  // of the whole line (word widths vary).
  // itemAt holds one offset per item of seg.
  const runs =
    seg.length > 1
      ? seg.flatMap((it, i) => {
          const s = clean.offsetOf(at(itemAt, i));
          const e = clean.offsetOf(at(itemAt, i) + it.str.length);
          return e > s ? [s, e, it.x, it.x + it.width] : [];
        })
      : undefined;
  // Superscripts: smaller than the segment's largest text and raised above its baseline by more than a sixth
  // of it (a subscript sits lower; "CO2" is left alone). The segment's, not the row's: a side column in small
  // print shares rows with the body text beside it.
  const big = seg.reduce((a, b) => (b.height > a.height ? b : a));
  const sup = seg.flatMap((it, i) => {
    if (it.height >= 0.85 * big.height || it.y - big.y <= 0.15 * big.height) return [];
    const s = clean.offsetOf(at(itemAt, i));
    const e = clean.offsetOf(at(itemAt, i) + it.str.length);
    return e > s ? [s, e] : [];
  });
  return {
    text: clean.text,
    ...(runs ? { runs } : {}),
    ...(sup.length ? { sup } : {}),
    x0: at(seg, 0).x,
    x1: end,
    y: row.y,
    size: row.size,
    fontName,
    page,
  };
}

/** Finds a vertical gutter: few lines cross it, and lines sit side by side on both sides of it. */
export function findGutter(lines: Line[], x0: number, x1: number): number | null {
  if (lines.length < 6) return null;
  const w = x1 - x0;
  let best: { x: number; cross: number; run: number } | null = null;
  let runStart = -1;
  let prevCross = -1;
  const candidates: { x: number; cross: number }[] = [];
  for (let x = x0 + 0.2 * w; x <= x0 + 0.8 * w; x += 1) {
    let cross = 0;
    let left = 0;
    let right = 0;
    for (const l of lines) {
      if (l.x1 <= x) left++;
      else if (l.x0 >= x) right++;
      else cross++;
    }
    if (left < 3 || right < 3) {
      candidates.push({ x, cross: Infinity });
      continue;
    }
    candidates.push({ x, cross });
  }
  // Choose the centre of the widest run of the least-crossed positions.
  for (let i = 0; i < candidates.length; i++) {
    const c = at(candidates, i);
    if (c.cross !== prevCross) runStart = i;
    prevCross = c.cross;
    const nextSame = candidates[i + 1]?.cross === c.cross;
    if (!nextSame && Number.isFinite(c.cross)) {
      const run = i - runStart + 1;
      const mid = at(candidates, Math.floor((runStart + i) / 2)).x;
      if (!best || c.cross < best.cross || (c.cross === best.cross && run > best.run))
        best = { x: mid, cross: c.cross, run };
    }
  }
  if (!best) return null;
  const gx = best.x;
  const leftLines = lines.filter((l) => l.x1 <= gx);
  const rightLines = lines.filter((l) => l.x0 >= gx);
  // Side by side: right-hand lines with a left-hand line on (about) the same baseline. Without this a
  // one-column page with a few short lines and a centred page number would look like two columns.
  let paired = 0;
  for (const r of rightLines) {
    if (leftLines.some((l) => Math.abs(l.y - r.y) < Math.max(l.size, r.size) * 1.5)) paired++;
  }
  if (paired < 3 || paired < 0.25 * Math.min(leftLines.length, rightLines.length)) return null;
  return gx;
}

/**
 * Orders a page's lines for reading: top to bottom; where the page (or a band of it between full-width
 * lines) has two or more columns, each column top to bottom, left column first. Sets colX0/colX1/region.
 */
export function orderLines(lines: Line[], pageWidth: number): Line[] {
  const out: Line[] = [];
  let region = 0;
  const visit = (ls: Line[], x0: number, x1: number, depth: number) => {
    const sorted = [...ls].sort((a, b) => b.y - a.y || a.x0 - b.x0);
    const gx = depth < 3 ? findGutter(sorted, x0, x1) : null;
    if (gx === null) {
      const colX0 = Math.min(...sorted.map((l) => l.x0));
      const colX1 = Math.max(...sorted.map((l) => l.x1));
      const id = region++;
      for (const l of sorted) out.push({ ...l, colX0, colX1, region: id });
      return;
    }
    let left: Line[] = [];
    let right: Line[] = [];
    let spanning: Line[] = [];
    const flushColumns = () => {
      if (left.length) visit(left, x0, gx, depth + 1);
      if (right.length) visit(right, gx, x1, depth + 1);
      left = [];
      right = [];
    };
    const flushSpanning = () => {
      if (spanning.length) visit(spanning, x0, x1, 3);
      spanning = [];
    };
    for (const l of sorted) {
      if (l.x1 <= gx || l.x0 >= gx) {
        flushSpanning();
        (l.x1 <= gx ? left : right).push(l);
      } else {
        // A full-width line (title, abstract, wide caption) closes the column band above it.
        flushColumns();
        spanning.push(l);
      }
    }
    flushColumns();
    flushSpanning();
  };
  if (lines.length) visit(lines, 0, pageWidth, 0);
  return out;
}
