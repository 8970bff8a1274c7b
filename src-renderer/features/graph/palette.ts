/**
 * Colours that mean something. Each entity type of the configured sets has a fixed colour, the same in every
 * library and session; the hues come from Paul Tol's colour-blind-safe "muted" scheme and the Okabe–Ito
 * palette, chosen so that types a reader compares (gene/protein, disease/phenotype, drug/intervention) differ
 * in lightness as well as hue. `concept` — the type used when nothing decides — is a neutral grey.
 */
export const TYPE_COLORS: Readonly<Record<string, string>> = {
  gene: '#332288',
  protein: '#88ccee',
  'compound/drug': '#117733',
  disease: '#cc6677',
  phenotype: '#882255',
  organism: '#ddcc77',
  'cell type': '#44aa99',
  // A cell line beside its cell type's teal, a variant beside its gene's indigo, each lighter or darker.
  'cell line': '#1f6f65',
  'sequence variant': '#7766cc',
  anatomy: '#999933',
  pathway: '#aa4499',
  'biological process': '#e69f00',
  method: '#0072b2',
  intervention: '#d55e00',
  'clinical trial': '#f0e442',
  biomarker: '#56b4e9',
  concept: '#8c8c8c',
  // Longevity extension: its own hues would exhaust what the eye separates, so it reuses related families.
  'hallmark of aging': '#aa4499',
  geroprotector: '#117733',
  'aging biomarker': '#56b4e9',
  'aging clock': '#0072b2',
  'lifespan outcome': '#cc6677',
  'healthspan measure': '#882255',
  'model organism strain': '#ddcc77',
};

/** Colour for a type the palette does not know (a custom type set): stable, from a hash. */
const EXTRA = ['#6699cc', '#997700', '#bb5566', '#004488', '#ee99aa', '#44bb99'];
export const OTHER_COLOR = '#a0a0a0';

const hash = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

/** The graph canvas's background in each theme (`--surface` in styles.css). */
export const CANVAS_BG = { light: '#ffffff', dark: '#181c22' } as const;
/** WCAG's minimum for graphics against their background (1.4.11, non-text contrast). */
export const MIN_CONTRAST = 3;

export function typeColor(type: string, dark = false): string {
  return readable(TYPE_COLORS[type] ?? EXTRA[hash(type) % EXTRA.length] ?? OTHER_COLOR, dark);
}

const rgbOf = (hex: string): [number, number, number] => {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const channel = (c: number) => {
  const v = c / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};
/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
const toHex = (rgb: number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const readableCache = new Map<string, string>();
/**
 * The colour itself when it stands out 3:1 from the canvas, else the nearest shade that does: mixed toward
 * black on the light canvas and toward white on the dark one, so a hue keeps its identity in both themes
 * (the gene indigo #332288 was 1.4:1 on the dark canvas; the protein sky blue 1.8:1 on the light one).
 */
export function readable(hex: string, dark: boolean): string {
  const key = `${hex}|${dark ? 'd' : 'l'}`;
  const hit = readableCache.get(key);
  if (hit) return hit;
  const bg = dark ? CANVAS_BG.dark : CANVAS_BG.light;
  const rgb = rgbOf(hex);
  const toward = dark ? 255 : 0;
  let out = hex;
  for (let t = 0; t <= 1 && contrast(out, bg) < MIN_CONTRAST; t += 0.02)
    out = toHex(rgb.map((c) => c + (toward - c) * t));
  readableCache.set(key, out);
  return out;
}

/**
 * The ten largest communities get a distinct colour each (the eye separates about that many), every other
 * community is "other" in grey: 125 communities over 12 hashed colours told the reader nothing.
 */
export const COMMUNITY_COLORS = [
  '#4477aa',
  '#ee6677',
  '#228833',
  '#ccbb44',
  '#66ccee',
  '#aa3377',
  '#ee7733',
  '#009988',
  '#cc3311',
  '#0077bb',
];

export interface CommunityLegend {
  colorOf: (communityId: string | null) => string;
  entries: { id: string; color: string; count: number }[];
  other: { communities: number; count: number };
}

export function communityLegend(counts: Map<string, number>, dark = false): CommunityLegend {
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = ranked.slice(0, COMMUNITY_COLORS.length);
  const other = readable(OTHER_COLOR, dark);
  const colors = new Map(top.map(([id], i) => [id, readable(COMMUNITY_COLORS[i] ?? OTHER_COLOR, dark)]));
  const rest = ranked.slice(COMMUNITY_COLORS.length);
  return {
    colorOf: (id) => (id ? (colors.get(id) ?? other) : other),
    entries: top.map(([id, count]) => ({ id, count, color: colors.get(id) ?? other })),
    other: { communities: rest.length, count: rest.reduce((s, [, n]) => s + n, 0) },
  };
}
