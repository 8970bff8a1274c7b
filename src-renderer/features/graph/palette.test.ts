import { describe, expect, it } from 'vitest';
import {
  CANVAS_BG,
  COMMUNITY_COLORS,
  contrast,
  MIN_CONTRAST,
  OTHER_COLOR,
  readable,
  TYPE_COLORS,
  typeColor,
} from './palette';

describe('palette', () => {
  const all = [...Object.values(TYPE_COLORS), ...COMMUNITY_COLORS, OTHER_COLOR];
  it('some base colours fail 3:1 on one of the canvases (what readable() is for)', () => {
    expect(contrast(TYPE_COLORS.gene ?? '', CANVAS_BG.dark)).toBeLessThan(MIN_CONTRAST);
    expect(contrast(TYPE_COLORS.protein ?? '', CANVAS_BG.light)).toBeLessThan(MIN_CONTRAST);
  });
  it.each([
    ['light', false],
    ['dark', true],
  ] as const)('every colour drawn on the %s canvas stands out 3:1', (_t, dark) => {
    const bg = dark ? CANVAS_BG.dark : CANVAS_BG.light;
    for (const c of all) expect(contrast(readable(c, dark), bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    for (const t of ['gene', 'my custom type', 'concept'])
      expect(contrast(typeColor(t, dark), bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
  it('keeps a colour that already stands out', () => {
    expect(readable('#117733', false)).toBe('#117733');
  });
});
