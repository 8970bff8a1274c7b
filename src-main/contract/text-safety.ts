import { z } from 'zod';

/**
 * Characters that change how text around them is shown rather than being shown: C0 and C1 controls and
 * DEL (ESC sequences, CR rewriting a line), bidi embeddings, overrides, isolates and marks (U+202A–202E,
 * U+2066–2069, U+200E/200F, U+061C: a file name can read backwards), zero-width characters (U+200B–200D,
 * U+2060–2064, U+FEFF: two names that look alike differ) and the line and paragraph separators U+2028/2029.
 * One predicate for every place that shows untrusted text or accepts a name.
 */
export function isControlChar(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x061c ||
    (c >= 0x200b && c <= 0x200f) ||
    c === 0x2028 ||
    c === 0x2029 ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2069) ||
    c === 0xfeff
  );
}

/** Whether `text` has none of them. */
export function hasNoControlChars(text: string): boolean {
  for (const ch of text) if (isControlChar(ch.codePointAt(0) ?? 0)) return false;
  return true;
}

/**
 * A name a person gives or sees (an entity's, a model's): bounded, and without control characters, which
 * NUL, ESC or a line break in a name made reach every listing and log that shows it.
 */
export const NameText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine(hasNoControlChars, 'Control characters (NUL, ESC, line breaks, bidi marks) are not allowed.');
