import { AriadneError } from '../../contract';

/**
 * Small models wrap JSON in code fences, add prose around it or leave trailing commas even with a `format`
 * schema. Fix those defects; a reply cut off mid-object is reported as truncated (retryable), not repaired,
 * because guessing the missing half would invent facts.
 */
export function repairJson(raw: string): unknown {
  let text = raw.trim();
  const fence = /```(?:json|JSON)?\s*([\s\S]*?)(?:```|$)/.exec(text);
  if (fence) text = (fence[1] ?? '').trim();
  // Prose may hold brackets ("see [1]", "{sic"); JSON starts where a bracket opens a key or an element. No
  // task replies with a bare list of numbers, so "[1]" is read as a citation, not as JSON.
  const start = text.search(JSON_START);
  if (start < 0) throw invalid('the reply contains no JSON', raw);
  text = text.slice(start);
  const end = balancedEnd(text);
  if (end < 0) {
    throw new AriadneError('schema_invalid', 'The model output was truncated before the JSON was complete.', {
      retryable: true,
      action: { kind: 'retry', reason: 'truncated' },
    });
  }
  text = text.slice(0, end + 1);
  try {
    return JSON.parse(text);
  } catch {
    // fall through to the repairs below
  }
  const repaired = stripTrailingCommas(text);
  try {
    return JSON.parse(repaired);
  } catch (e) {
    throw invalid(`the reply is not valid JSON (${(e as Error).message})`, raw);
  }
}

const JSON_START = /\{\s*(?:"|\})|\[\s*(?:[[{"\]]|true|false|null)/;

function invalid(why: string, raw: string) {
  return new AriadneError(
    'schema_invalid',
    `The model output could not be read: ${why}: ${raw.slice(0, 120)}`,
    {
      retryable: true,
    },
  );
}

/** Index of the bracket closing the first one, honouring strings; -1 when the text ends first. */
export function balancedEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function stripTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',') {
      const next = text.slice(i + 1).match(/^\s*(.)/)?.[1];
      if (next === '}' || next === ']') continue;
    }
    out += c;
  }
  return out;
}
