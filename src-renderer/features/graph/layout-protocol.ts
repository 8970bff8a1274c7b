/** Messages between the explorer and its ForceAtlas2 worker; plain typed arrays, transferred not copied. */
export interface LayoutStart {
  type: 'start';
  run: number;
  /** x, y, size per node. */
  nodes: Float32Array;
  /** source index, target index, weight per edge. */
  edges: Float32Array;
  maxIterations: number;
  maxMs: number;
}
export type LayoutIn = LayoutStart | { type: 'stop' };
export interface LayoutOut {
  type: 'positions';
  run: number;
  /** x, y per node. */
  xy: Float32Array;
  iteration: number;
  done: boolean;
}
