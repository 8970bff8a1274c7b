/**
 * Lower-case words that belong to a surname ("van Belkum", "Ortega y Gasset", "bin Salman"): a byline's name
 * may contain them, and a surname read from a reference keeps them, so both sides name a person alike.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'di',
  'del',
  'della',
  'la',
  'le',
  'dos',
  'das',
  'du',
  'y',
  'bin',
  'ibn',
  'al',
  'el',
  'ten',
  'ter',
]);
