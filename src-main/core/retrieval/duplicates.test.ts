import { describe, expect, it } from 'vitest';
import { singular } from './duplicates';

describe('singular', () => {
  it.each([
    ['seizures', 'seizure'],
    ['studies', 'study'],
    ['analyses', 'analysis'],
    ['patches', 'patch'],
    ['virus', 'virus'],
    ['analysis', 'analysis'],
    ['mass', 'mass'],
    ['rats', 'rat'],
    ['gas', 'gas'],
  ])('%s → %s', (w, s) => expect(singular(w)).toBe(s));
});
