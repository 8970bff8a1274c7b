/**
 * Thinking models (qwen3, deepseek-r1, gpt-oss…) write their reasoning before the answer: inside
 * `<think>…</think>` in the content (llama.cpp and LM Studio without a reasoning parser), or in a separate
 * `reasoning_content` / `reasoning` / `thinking` field (vLLM, Ollama with `think`), which the servers leave out
 * of the content they return. The reasoning is never the answer: it is stripped before a reply is read.
 */
const OPEN = ['<think>', '<thinking>'];
const CLOSE = ['</think>', '</thinking>'];

function firstOf(text: string, tags: readonly string[], from = 0): { at: number; tag: string } | null {
  let best: { at: number; tag: string } | null = null;
  const lower = text.toLowerCase();
  for (const tag of tags) {
    const at = lower.indexOf(tag, from);
    if (at >= 0 && (!best || at < best.at)) best = { at, tag };
  }
  return best;
}

/** The content without its reasoning blocks. A block never closed (the reply was cut) leaves nothing. */
export function stripThinking(content: string): string {
  let text = content;
  // A template that opens the block itself sends only its end: everything before the first close is reasoning.
  const close = firstOf(text, CLOSE);
  const open = firstOf(text, OPEN);
  if (close && (!open || close.at < open.at)) text = text.slice(close.at + close.tag.length);
  let out = '';
  let from = 0;
  for (;;) {
    const o = firstOf(text, OPEN, from);
    if (!o) return (out + text.slice(from)).trim();
    out += text.slice(from, o.at);
    const c = firstOf(text, CLOSE, o.at + o.tag.length);
    if (!c) return out.trim();
    from = c.at + c.tag.length;
  }
}

/**
 * The same for a token stream: passes answer text through as it comes and holds back only what might be
 * the start of a tag split across two tokens.
 */
export function createThinkingFilter(): { push(token: string): string; end(): string } {
  let inside = false;
  let pending = '';
  const longest = Math.max(...[...OPEN, ...CLOSE].map((t) => t.length));
  return {
    push(token) {
      pending += token;
      let out = '';
      for (;;) {
        const tag = firstOf(pending, inside ? CLOSE : OPEN);
        if (tag) {
          if (!inside) out += pending.slice(0, tag.at);
          pending = pending.slice(tag.at + tag.tag.length);
          inside = !inside;
          continue;
        }
        // Keep a tail that could begin a tag; the rest is settled.
        const lt = pending.lastIndexOf('<');
        const keep = lt >= 0 && pending.length - lt < longest ? pending.length - lt : 0;
        if (!inside) out += pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        return out;
      }
    },
    end() {
      const rest = inside ? '' : pending;
      pending = '';
      return rest;
    },
  };
}
