import { describe, expect, it } from 'vitest';
import { readingNote } from './reading-note';

describe('the reading note of `ariadne status`', () => {
  it('says draft → refined with the count while the model upgrades a document, then refined', () => {
    const r = { model: 'qwen2.5:7b', total: 7 };
    expect(readingNote({ reading: { ...r, state: 'draft', refined: 3 } })).toBe(
      ', draft → refined by qwen2.5:7b 3/7 passages',
    );
    expect(readingNote({ reading: { ...r, state: 'refined', refined: 7 } })).toBe(', refined by qwen2.5:7b');
  });

  it('says nothing for a document read in one pass, and keeps a model name from driving the terminal', () => {
    expect(readingNote({ reading: null })).toBe('');
    expect(readingNote({})).toBe('');
    const note = readingNote({ reading: { state: 'refined', model: 'm\u001b[31m', refined: 1, total: 1 } });
    expect(note).not.toContain('\u001b');
  });
});
