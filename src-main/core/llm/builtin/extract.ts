import type { Extraction } from '../schemas';
import { RELATION_VERBS, lexiconEntries, typeFromHead } from './lexicon';
import { STOPWORDS, escapeRegExp, isProse, splitSentences, truncate } from './text';

export interface RuleExtractOptions {
  entityTypes: readonly string[];
  longevity?: boolean;
}

interface Span {
  start: number;
  end: number;
  name: string;
  type: string;
  /** Lower wins when spans overlap: a defined abbreviation beats a lexicon hit beats a guess. */
  rank: number;
  definition?: string;
}

const NOT_SYMBOLS = new Set(
  'DNA RNA mRNA USA UK EU WHO AND THE FOR NOT BUT ANOVA SD SEM SE CI OR HR RR BMI NIH FDA PhD MD II III IV VI ' +
    'ATP ADP GTP NADH PCR USA USD ROS LOD ROC AUC IQR GWAS RCT NS HPLC'.split(' '),
);
const BINOMIAL_SUFFIX = /(us|a|is|um|ae|ii|i|ensis|ila|ans|ens|ica|ata|ella|ium|es)$/;

/**
 * Schwartz & Hearst (2003): walk the short form right-to-left, matching each character inside the words
 * before the parenthesis; the first character must start a word. Returns null when no long form fits.
 */
export function findLongForm(shortForm: string, before: string): string | null {
  const sf = shortForm.toLowerCase();
  const lf = before.toLowerCase();
  let s = sf.length - 1;
  let l = lf.length - 1;
  while (s >= 0) {
    const c = sf[s]!;
    if (!/[a-z0-9]/.test(c)) {
      s--;
      continue;
    }
    while ((l >= 0 && lf[l] !== c) || (s === 0 && l > 0 && /[a-z0-9]/.test(lf[l - 1]!))) l--;
    if (l < 0) return null;
    l--;
    s--;
  }
  const start = lf.lastIndexOf(' ', l) + 1;
  const long = before.slice(start).trim();
  if (long.length <= shortForm.length || long.toLowerCase().includes(sf)) return null;
  return long;
}

function abbreviationSpans(sentence: string, typeOf: (t: string) => string | null): Span[] {
  const spans: Span[] = [];
  for (const m of sentence.matchAll(/\(([^()]{2,12})\)/g)) {
    const sf = m[1]!.trim();
    if (!/^[A-Za-z0-9][\w\-+α-ω]*$/.test(sf) || !/[A-Z]/.test(sf)) continue;
    const before = sentence.slice(0, m.index).trimEnd();
    const maxWords = Math.min(sf.length + 5, sf.length * 2);
    const wordsBefore = before.split(/\s+/).slice(-maxWords).join(' ');
    const long = findLongForm(sf, wordsBefore);
    if (!long || /[.;:]/.test(long)) continue;
    const type = typeOf(long) ?? typeOf(sf) ?? 'biological process';
    const start = before.length - long.length;
    spans.push({ start, end: m.index! + m[0].length, name: long, type, rank: 0, definition: sf });
  }
  return spans;
}

function regexSpans(
  sentence: string,
  re: RegExp,
  make: (m: RegExpMatchArray) => Omit<Span, 'start' | 'end'> | null,
) {
  const spans: Span[] = [];
  for (const m of sentence.matchAll(re)) {
    const s = make(m);
    if (s) spans.push({ ...s, start: m.index!, end: m.index! + m[0].length });
  }
  return spans;
}

/** Rule-based extraction for the offline provider: deterministic, grounded, and typed where it can be. */
export function ruleExtract(text: string, opts: RuleExtractOptions): Extraction {
  const allowed = new Set(opts.entityTypes);
  const lexicon = lexiconEntries(!!opts.longevity);
  const lexType = (t: string) => lexicon.find((e) => e.term.toLowerCase() === t.toLowerCase())?.type ?? null;
  const typeOf = (t: string) => lexType(t) ?? typeFromHead(t);
  const lexRes = lexicon.map((e) => ({
    ...e,
    re: new RegExp(`(?<![\\w-])${escapeRegExp(e.term)}(?![\\w-])`, /[A-Z]/.test(e.term) ? 'g' : 'gi'),
  }));
  const sentences = splitSentences(text);
  const aliases = new Map<string, { name: string; type: string }>();
  // `abbreviated` keeps "AMPK (abbreviated …). " when a better describing sentence replaces the first one.
  const entities = new Map<
    string,
    { name: string; type: string; description: string; abbreviated: string; fromProse: boolean }
  >();
  const relationships: Extraction['relationships'] = [];

  for (const sentence of sentences) {
    const prose = isProse(sentence);
    let spans: Span[] = abbreviationSpans(sentence, typeOf);
    for (const s of spans) aliases.set(s.definition!, { name: s.name, type: s.type });
    for (const [sf, target] of aliases) {
      const re = new RegExp(`(?<![\\w-])${escapeRegExp(sf)}(?![\\w-])`, 'g');
      spans.push(...regexSpans(sentence, re, () => ({ ...target, rank: 1 })));
    }
    for (const e of lexRes)
      spans.push(...regexSpans(sentence, e.re, (m) => ({ name: m[0], type: e.type, rank: 2 })));
    spans.push(
      ...regexSpans(sentence, /(?<![\w-])([A-Z][a-z]{2,}) ([a-z]{3,})(?![\w-])/g, (m) =>
        !STOPWORDS.has(m[1]!.toLowerCase()) && BINOMIAL_SUFFIX.test(m[2]!) && !STOPWORDS.has(m[2]!)
          ? { name: m[0], type: 'organism', rank: 3 }
          : null,
      ),
      ...regexSpans(
        sentence,
        /(?<![\w-])([A-Z][A-Z0-9]{1,6}(?:-[0-9A-Zα-ω]{1,3})?|[a-z]{1,2}[A-Z][A-Za-z0-9]{1,6})(?![\w-])/g,
        (m) => {
          const sym = m[0];
          if (NOT_SYMBOLS.has(sym) || !(/\d/.test(sym) || sym.length >= 3)) return null;
          return {
            name: sym,
            type: lexType(sym) ?? (/^[A-Z]+\d+[A-Z]?$/.test(sym) ? 'gene' : 'protein'),
            rank: 4,
          };
        },
      ),
      ...regexSpans(sentence, /(?<![\w-])[A-Z][a-z]+(?:[ -][A-Z][a-z]+){1,3}(?![\w-])/g, (m) => {
        const name = m[0].replace(
          /^(?:(?:The|A|An|In|On|Of|We|Our|This|These|That|Those|For|And|With)\s)+/,
          '',
        );
        const type = name.includes(' ') || name.includes('-') ? typeOf(name) : null;
        return type ? { name, type, rank: 5 } : null;
      }),
      ...regexSpans(sentence, /(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+ [a-z]{4,}(?![\w-])/g, (m) => {
        const head = m[0].split(' ').pop()!;
        const type = lexType(head) ?? typeFromHead(head);
        return type && type !== 'biological process' && type !== 'compound/drug'
          ? { name: m[0], type, rank: 6 }
          : null;
      }),
    );
    spans = spans.filter((s) => allowed.has(s.type));
    spans.sort((a, b) => a.rank - b.rank || b.end - b.start - (a.end - a.start) || a.start - b.start);
    const taken: Span[] = [];
    for (const s of spans) if (!taken.some((t) => s.start < t.end && t.start < s.end)) taken.push(s);
    taken.sort((a, b) => a.start - b.start);

    const inSentence: string[] = [];
    for (const s of taken) {
      const key = s.name.toLowerCase();
      const known = entities.get(key);
      // A title or heading names an entity but does not describe it: the first sentence of running text does.
      if (!known || (prose && !known.fromProse)) {
        const abbreviated = s.definition
          ? `${s.name} (abbreviated ${s.definition}). `
          : (known?.abbreviated ?? '');
        entities.set(key, {
          name: known?.name ?? s.name,
          type: known?.type ?? s.type,
          description: `${abbreviated}${truncate(sentence, 400)}`,
          abbreviated,
          fromProse: prose,
        });
      }
      const name = (known ?? entities.get(key)!).name;
      if (!inSentence.includes(name)) inSentence.push(name);
    }
    const keywords = RELATION_VERBS.filter(([re]) => re.test(sentence))
      .map(([, k]) => k)
      .slice(0, 3);
    const ends = inSentence.slice(0, 5);
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        relationships.push({
          source_entity: ends[i]!,
          target_entity: ends[j]!,
          relationship_keywords: keywords.length ? keywords : ['co-occurs with'],
          relationship_description: truncate(sentence, 1900),
        });
      }
    }
  }
  return {
    entities: [...entities.values()].map((e) => ({
      entity_name: e.name,
      entity_type: e.type,
      entity_description: e.description,
    })),
    relationships,
  };
}
