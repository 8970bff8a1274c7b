/**
 * Whether an entity name is a generic word ("cancer", "mice", "hospital"): one lower-case word without
 * digits or inner capitals. Names of specific things are several words ("Akkermansia muciniphila"), symbols
 * (TP53, IL-6) or capitalised (Metformin, as extraction writes names it is sure of). Two papers that both say
 * "heart" need not be about the same heart; two that say "angiotensin-converting enzyme" are.
 */
export function isGenericName(name: string): boolean {
  const t = name.trim();
  if (!t || t.length > 24) return false;
  for (const c of t) {
    if (c === ' ' || c === '-' || (c >= '0' && c <= '9')) return false;
    if (c !== c.toLowerCase()) return false;
  }
  return true;
}
