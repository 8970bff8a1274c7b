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
  /** LinLog attraction: clusters drawn apart (the paper map, whose links are few and meaningful). */
  linLog?: boolean;
  /** 1 for a node whose stored position stays put (new nodes settle around it); absent: none fixed. */
  fixed?: Uint8Array;
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
