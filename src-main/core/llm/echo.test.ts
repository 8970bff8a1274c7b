import { describe, expect, it } from 'vitest';
import { echoesPrompt } from './echo';
import { passagePrompt } from './prompts';
import { BIOMEDICAL_ENTITY_TYPES } from './schemas';

describe('echoesPrompt', () => {
  const passage = 'Metformin activates AMPK in hepatocytes.';
  const messages = passagePrompt(passage, BIOMEDICAL_ENTITY_TYPES);
  it('finds the prompt’s example names or its instructions sent back as a reading', () => {
    expect(echoesPrompt({ names: ['TP53', 'mTORC1'] }, messages, passage)).toBe(true);
    expect(
      echoesPrompt(
        { summary: '2-4 sentences (at most 120 words) on this passage only.', names: ['AMPK'] },
        messages,
        passage,
      ),
    ).toBe(true);
  });
  it('leaves a reading of the passage alone, example names included when the passage has them', () => {
    expect(
      echoesPrompt({ summary: 'Metformin activates AMPK.', names: ['Metformin', 'AMPK'] }, messages, passage),
    ).toBe(false);
    const tp53 = 'TP53 and mTORC1 interact in tumour cells.';
    expect(
      echoesPrompt({ names: ['TP53', 'mTORC1'] }, passagePrompt(tp53, BIOMEDICAL_ENTITY_TYPES), tp53),
    ).toBe(false);
    expect(echoesPrompt({ names: [] }, messages, passage)).toBe(false);
  });
});
