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

export function typeColor(type: string): string {
  return TYPE_COLORS[type] ?? EXTRA[hash(type) % EXTRA.length] ?? OTHER_COLOR;
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

export function communityLegend(counts: Map<string, number>): CommunityLegend {
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = ranked.slice(0, COMMUNITY_COLORS.length);
  const colors = new Map(top.map(([id], i) => [id, COMMUNITY_COLORS[i] ?? OTHER_COLOR]));
  const rest = ranked.slice(COMMUNITY_COLORS.length);
  return {
    colorOf: (id) => (id ? (colors.get(id) ?? OTHER_COLOR) : OTHER_COLOR),
    entries: top.map(([id, count]) => ({ id, count, color: colors.get(id) ?? OTHER_COLOR })),
    other: { communities: rest.length, count: rest.reduce((s, [, n]) => s + n, 0) },
  };
}
