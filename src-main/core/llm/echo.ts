import type { ChatMessage } from './provider';

/** The text without its quoted data blocks (`<tag …>…</tag>`), which are the passage, not the instructions. */
function withoutBlocks(text: string, tags: readonly string[]): string {
  let out = text;
  for (const tag of tags) {
    for (let at = out.indexOf(`<${tag}`); at >= 0; at = out.indexOf(`<${tag}`, at)) {
      const end = out.indexOf(`</${tag}>`, at);
      if (end < 0) break;
      out = out.slice(0, at) + out.slice(end + tag.length + 3);
    }
  }
  return out;
}

/**
 * Whether a reading copies the prompt instead of the passage: its summary, or every entity name (at least
 * one), is written in the prompt's instructions but nowhere in the passage. A model
 * that could not read the passage (a scanned page's empty text) sent back the prompt's examples this way,
 * 166 bogus nodes for one peer's user.
 */
export function echoesPrompt(
  reading: { summary?: string; names: string[] },
  messages: ChatMessage[],
  passage: string,
): boolean {
  const instructions = messages
    .map((m) => withoutBlocks(m.content, ['document', 'previous_summary']))
    .join('\n')
    .toLowerCase();
  const doc = passage.toLowerCase();
  const copied = (s: string) => {
    const t = s.trim().toLowerCase().replace(/\.$/, '');
    return t.length > 1 && instructions.includes(t) && !doc.includes(t);
  };
  // A summary copied from the instructions is proof enough; names only when every one of them is copied.
  if (reading.summary?.trim() && copied(reading.summary)) return true;
  return reading.names.length > 0 && reading.names.every(copied);
}

/** The second try after an empty or echoed reply: the same request with one plain line more. */
export function stricter(messages: ChatMessage[], reason: 'empty' | 'echo'): ChatMessage[] {
  const why =
    reason === 'empty'
      ? 'Your previous reply was empty.'
      : 'Your previous reply copied the examples from the instructions instead of reading the document.';
  return [
    ...messages,
    {
      role: 'user',
      content: `${why} Read the text inside <document> and reply with the JSON for that text only, with every field filled from it. Never copy the examples from the instructions.`,
    },
  ];
}
