import { describe, expect, it } from 'vitest';
import { graphMethods } from '../contract/graph';
import { settingsMethods } from '../contract/settings';
import { plainName, uploadFileName, withoutControlChars } from './control-chars';

describe('control characters and invisible marks', () => {
  // Regression: a bidi override in a PDF title reversed the rest of every line showing it, and a zero-width
  // space inside a name made two entities that look alike.
  it('plainName: breaks become one space, controls and invisible marks go, other text stays', () => {
    expect(plainName('Heparin\u202e in trauma\u202c')).toBe('Heparin in trauma');
    expect(plainName('TP\u200b53\u2060 and\u00ad IL-6\ufeff')).toBe('TP53 and\u00ad IL-6');
    expect(plainName('Deep venous\r\nthrombosis\u2028after\ttrauma \x1b[2K')).toBe(
      'Deep venous thrombosis after trauma [2K',
    );
    expect(plainName('  \u200e\u200f\u061c ')).toBe('');
    expect(plainName('Müller – α-synuclein 🧪')).toBe('Müller – α-synuclein 🧪');
  });

  it('withoutControlChars drops C0, C1, DEL, bidi and zero-width characters', () => {
    expect(withoutControlChars('a\x00b\x7fc\x9bd\u2066e\u200df\u2029g')).toBe('abcdefg');
  });

  // Regression: an uploaded file kept `../` and newlines in its name.
  it('uploadFileName keeps the last path segment without control characters', () => {
    expect(uploadFileName('../../etc/x.pdf')).toBe('x.pdf');
    expect(uploadFileName('a\\b\\c.txt')).toBe('c.txt');
    expect(uploadFileName('evil\nrejected  other.pdf')).toBe('evilrejected  other.pdf');
    expect(uploadFileName('..')).toBe('upload');
    expect(uploadFileName('\u202e\u200b')).toBe('upload');
    expect(uploadFileName('x'.repeat(400) + '.pdf')).toHaveLength(255);
  });

  // Regression: `graph:rename` and `settings:set` accepted NUL, ESC and megabyte names.
  it('names a person gives are refused with control characters, marks or past their length', () => {
    const rename = graphMethods['graph:rename'].input;
    expect(rename.safeParse({ entityId: 'e1', name: 'Heparin' }).success).toBe(true);
    for (const name of ['a\x00b', 'a\x1b[2Kb', 'a\nb', 'a\u202eb', 'a\u200bb', 'x'.repeat(301)])
      expect(rename.safeParse({ entityId: 'e1', name }).success).toBe(false);
    const set = settingsMethods['settings:set'].input;
    expect(set.safeParse({ chatModel: 'qwen2.5:7b' }).success).toBe(true);
    expect(set.safeParse({ chatModel: 'qwen\x1b[31m' }).success).toBe(false);
    expect(set.safeParse({ embedModel: 'e'.repeat(1_000_000) }).success).toBe(false);
  });
});
