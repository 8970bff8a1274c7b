import { describe, expect, it } from 'vitest';
import { createThinkingFilter, stripThinking } from './thinking';

describe('stripThinking', () => {
  it('drops reasoning blocks wherever they are, and a block the template opened itself', () => {
    expect(stripThinking('<think>\nmaybe {"a": 1}\n</think>\n\n{"a": 2}')).toBe('{"a": 2}');
    expect(stripThinking('<THINKING>x</THINKING>A <think>y</think>B')).toBe('A B');
    expect(stripThinking('reasoning without its opening tag</think>{"ok": true}')).toBe('{"ok": true}');
    expect(stripThinking('{"plain": "reply"}')).toBe('{"plain": "reply"}');
  });
  it('leaves nothing of a block never closed (the reply was cut while thinking)', () => {
    expect(stripThinking('<think>I will answer {"a": 1} once')).toBe('');
  });
});

describe('createThinkingFilter', () => {
  it('passes answer tokens through and holds back only a tag split across tokens', () => {
    const f = createThinkingFilter();
    const tokens = ['<th', 'ink>', 'Let me ', 'think</', 'think>', 'The ', 'answer', ' <i>is</i> [1]'];
    const out = tokens.map((t) => f.push(t));
    expect(out.join('') + f.end()).toBe('The answer <i>is</i> [1]');
    // Answer text comes out as it arrives, not at the end.
    expect(out[5]).toBe('The ');
  });
});
