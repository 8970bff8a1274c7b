import { describe, expect, it } from 'vitest';
import { intersects, placeLabels, type LabelCandidate, type PlacementInput } from './label-placement';

/** 7 px per character at 14 px: close enough to a sans-serif for boxes to behave as on screen. */
const measure = (t: string) => t.length * 7;
const node = (key: string, x: number, y: number, extra: Partial<LabelCandidate> = {}): LabelCandidate => ({
  key,
  label: key,
  x,
  y,
  size: 5,
  selected: false,
  forced: false,
  ...extra,
});
const place = (candidates: LabelCandidate[], more: Partial<PlacementInput> = {}) =>
  placeLabels({ candidates, fontSize: 14, width: 800, height: 600, obstacles: [], measure, ...more });

describe('label placement', () => {
  it('keeps apart labels sigma would draw over each other: the bigger node first, then the left side, then none', () => {
    const placed = place([
      node('interleukin-6', 100, 100),
      node('mTOR', 130, 104, { size: 8 }),
      node('IL-6R', 60, 98, { size: 4 }),
    ]);
    expect(placed.map((p) => [p.key, p.side])).toEqual([
      ['mTOR', 'right'],
      ['interleukin-6', 'left'],
    ]);
  });

  it('moves a label to the left of its node when the right side is taken or off the canvas', () => {
    const edge = place([node('colorectal cancer', 780, 300)]);
    expect(edge).toMatchObject([{ side: 'left' }]);
    expect(edge[0]!.x + edge[0]!.width).toBeLessThanOrEqual(780);
    const sideBySide = place([node('a-long-name', 100, 100, { size: 9 }), node('other-name', 96, 100)]);
    expect(sideBySide.map((p) => [p.key, p.side])).toEqual([
      ['a-long-name', 'right'],
      ['other-name', 'left'],
    ]);
  });

  it('puts a highlighted label above or below its node when both its sides are taken, an ordinary one nowhere', () => {
    // A bigger highlighted neighbour's name runs across both sides of the middle node's.
    const crowd = (forced: boolean) =>
      place([
        node('a-long-neighbour-name', 20, 100, { size: 9, forced: true }),
        node('middle', 100, 100, { forced }),
      ]);
    const placed = crowd(true);
    const middle = placed.find((p) => p.key === 'middle');
    expect(middle?.side).toBe('above');
    expect(middle!.y + middle!.height).toBeLessThanOrEqual(100 - 5);
    for (const a of placed) for (const b of placed) if (a !== b) expect(intersects(a, b)).toBe(false);
    expect(crowd(false).map((p) => p.key)).not.toContain('middle');
  });

  it('places the selected node first and always, and highlighted ones before the grid picks', () => {
    const placed = place([
      node('big', 100, 100, { size: 20 }),
      node('path-node', 104, 102, { forced: true }),
      node('chosen', 102, 101, { selected: true }),
    ]);
    // The biggest node loses both sides to the two that rank higher.
    expect(placed.map((p) => p.key)).toEqual(['chosen', 'path-node']);
    const onObstacle = place([node('chosen', 100, 100, { selected: true })], {
      obstacles: [{ x: 0, y: 0, width: 800, height: 600 }],
    });
    expect(onObstacle.map((p) => p.key)).toEqual(['chosen']);
  });

  it('runs no label over another node: it takes the other side, or stays out', () => {
    const placed = place([node('obesity', 100, 100)], { discs: [{ key: 'liver', x: 130, y: 100, size: 5 }] });
    expect(placed).toMatchObject([{ key: 'obesity', side: 'left' }]);
    const boxed = place([node('obesity', 100, 100)], {
      discs: [
        { key: 'liver', x: 130, y: 100, size: 5 },
        { key: 'diet', x: 70, y: 100, size: 5 },
        { key: 'obesity', x: 100, y: 100, size: 5 },
      ],
    });
    expect(boxed).toEqual([]);
  });

  it("names a highlighted path node even when both sides touch another node's disc, never over a label", () => {
    const discs = [
      { key: 'liver', x: 130, y: 100, size: 5 },
      { key: 'diet', x: 70, y: 100, size: 5 },
      { key: 'metformin', x: 100, y: 100, size: 5 },
    ];
    const placed = place([node('metformin', 100, 100, { forced: true })], { discs });
    expect(placed).toMatchObject([{ key: 'metformin', side: 'right' }]);
    // Both sides already hold a label: the highlighted node is named above its node, covering none.
    const taken = place(
      [
        node('caloric restriction', 140, 100, { forced: true, size: 9 }),
        node('body weight', 0, 100, { forced: true, size: 9 }),
        node('metformin', 100, 100, { forced: true }),
      ],
      { discs },
    );
    expect(taken.map((p) => [p.key, p.side]).sort()).toEqual([
      ['body weight', 'right'],
      ['caloric restriction', 'right'],
      ['metformin', 'above'],
    ]);
    for (const a of taken) for (const b of taken) if (a !== b) expect(intersects(a, b)).toBe(false);
  });

  it('names the always-labelled best-connected nodes first, but never over another node', () => {
    const discs = [
      { key: 'liver', x: 130, y: 100, size: 5 },
      { key: 'diet', x: 70, y: 100, size: 5 },
      { key: 'metformin', x: 100, y: 100, size: 5 },
    ];
    expect(place([node('metformin', 100, 100, { forced: true, clearOfDiscs: true })], { discs })).toEqual([]);
    const first = place(
      [
        node('insulin', 100, 100, { size: 9 }),
        node('metformin', 100, 104, { forced: true, clearOfDiscs: true }),
      ],
      { discs: [] },
    );
    // Without the priority the bigger insulin would take the right side.
    expect(first.map((p) => [p.key, p.side])).toEqual([
      ['metformin', 'right'],
      ['insulin', 'left'],
    ]);
  });

  it('leaves out labels under an obstacle and nameless nodes', () => {
    const placed = place([node('under-legend', 20, 20), node('free', 400, 400), node('', 300, 300)], {
      obstacles: [{ x: 0, y: 0, width: 200, height: 150 }],
    });
    expect(placed.map((p) => p.key)).toEqual(['free']);
  });

  it('never returns two intersecting boxes on a crowded screen, and is deterministic', () => {
    let seed = 3;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const crowd = Array.from({ length: 400 }, (_, i) =>
      node(`entity ${i} ${'x'.repeat(i % 17)}`, rnd() * 800, rnd() * 600, { size: 2 + rnd() * 10 }),
    );
    const placed = place(crowd);
    expect(placed.length).toBeGreaterThan(20);
    expect(placed.length).toBeLessThan(crowd.length);
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++) expect(intersects(placed[i]!, placed[j]!)).toBe(false);
    expect(place([...crowd].reverse())).toEqual(placed);
  });
});
