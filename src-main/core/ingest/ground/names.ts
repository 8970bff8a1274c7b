/**
 * Entity names: one normalised form for matching, and the display form kept in scientific casing. A model
 * asked for "title case" turns TP53 into Tp53 and IL-6 into Il-6; we restore the casing the chunk itself
 * uses, and never lower-case a token that carries capitals after its first letter or digits.
 */

import { plainName } from '../../control-chars';

const DASHES = /[\u2010-\u2015\u2212]/g;

/** Lower-cased, NFKC, dashes unified, whitespace collapsed: what matching compares. */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The tightest form for keys: letters and digits only, so "IL-6", "IL 6" and "il6" meet. */
export function matchKey(name: string): string {
  return normaliseName(name).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Entity types that denote the same kind of thing for resolution; others never merge across. */
const TYPE_GROUPS: Record<string, string> = {
  gene: 'gene/protein',
  protein: 'gene/protein',
  biomarker: 'gene/protein',
  'compound/drug': 'compound',
  geroprotector: 'compound',
  intervention: 'compound',
  disease: 'disease',
  phenotype: 'disease',
};

export function typeGroup(type: string): string {
  const t = type.trim().toLowerCase();
  return TYPE_GROUPS[t] ?? t;
}

/** Compatible types can merge; the seed's type score (1.0 same, 0.3 otherwise) applies within a group. */
export function typesCompatible(a: string, b: string): boolean {
  return typeGroup(a) === typeGroup(b);
}

/** The type of a mention nothing vouched for (the built-in engine's honest default): a type no reading gave. */
export function isUntyped(type: string): boolean {
  return typeGroup(type) === 'concept';
}

/** The canonical key the graph derives entity ids from. */
export function canonicalKey(name: string, type: string): string {
  return `${matchKey(name) || normaliseName(name)}|${typeGroup(type)}`;
}

const hasInnerCapsOrDigits = (tok: string) => /^.[^\s]*[A-Z0-9]/.test(tok) || /^[A-Z0-9]{2,}/.test(tok);

/**
 * The display name: the exact spelling found in the chunk when there is one (case-insensitive search), else
 * the model's spelling with tokens like "Tp53" or "Il-6" restored to upper case only when the chunk spells
 * them so. Names are never title-cased here. Either way without control characters or invisible marks
 * (plainName): this is where a name from a document or a model becomes an entity's.
 */
export function displayName(name: string, chunkText: string): string {
  return plainName(spelledAsInText(name, chunkText));
}

function spelledAsInText(name: string, chunkText: string): string {
  const found = findInText(name, chunkText);
  if (found) return found;
  return name
    .split(/(\s+)/)
    .map((tok) => {
      if (!tok.trim() || hasInnerCapsOrDigits(tok)) return tok;
      const inText = findInText(tok, chunkText);
      return inText && /[A-Z]/.test(inText.slice(1)) ? inText : tok;
    })
    .join('');
}

/** The last chunk text flattened for `findInText`: grounding looks up every entity of a chunk in it. */
let lastFlat = { text: '', flat: '' };
function flatText(text: string): string {
  if (lastFlat.text !== text) lastFlat = { text, flat: text.normalize('NFKC').replace(DASHES, '-') };
  return lastFlat.flat;
}

/** The chunk's own spelling of `name`, matched case-insensitively on word boundaries; null when absent. */
export function findInText(name: string, text: string): string | null {
  const n = name.normalize('NFKC').replace(DASHES, '-').trim();
  if (!n) return null;
  const flat = flatText(text);
  const pattern = n
    .split(/\s+/)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu');
  const m = re.exec(flat);
  return m ? m[0].replace(/\s+/g, ' ') : null;
}
