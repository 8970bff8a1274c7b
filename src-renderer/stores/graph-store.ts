import { create } from 'zustand';
import type { GraphPath, Subgraph } from '../../src-main/contract/graph';

export type Lod = 'communities' | 300 | 500 | 2000 | 5000 | 20000 | 50000;
export type ColorBy = 'type' | 'community';
export type Selection =
  { kind: 'node'; id: string } | { kind: 'edge'; source: string; target: string } | null;
export type SidePanel = 'search' | 'selection' | 'review' | 'paper' | null;
/** The paper map or the entity graph; null until the reader picks (then the library's size decides). */
export type GraphMode = 'papers' | 'entities' | null;

export interface GraphFiltersState {
  types: string[];
  minEvidence: number;
  communityId: string | null;
  documentId: string | null;
}

interface GraphState {
  subgraph: Subgraph | null;
  lod: Lod;
  /** Whether the reader chose the level of detail; until then it follows the library's size. */
  lodChosen: boolean;
  mode: GraphMode;
  /** The paper open in the paper map's panel. */
  paper: string | null;
  colorBy: ColorBy;
  filters: GraphFiltersState;
  hidden: Set<string>;
  selection: Selection;
  panel: SidePanel;
  paths: GraphPath[];
  focusPath: number | null;
  setSubgraph(sg: Subgraph | null): void;
  mergeSubgraph(sg: Subgraph): void;
  setLod(lod: Lod): void;
  /** The level of detail the library's size calls for, unless the reader chose one. */
  autoLod(lod: Lod): void;
  setMode(mode: GraphMode): void;
  openPaper(id: string | null): void;
  setColorBy(c: ColorBy): void;
  setFilters(f: Partial<GraphFiltersState>): void;
  hide(id: string): void;
  unhideAll(): void;
  select(s: Selection): void;
  setPanel(p: SidePanel): void;
  setPaths(paths: GraphPath[]): void;
  /** Drops the search highlight, and the search panel if it is the one open. */
  clearPaths(): void;
  setFocusPath(i: number | null): void;
  removeNode(id: string): void;
}

export const NO_FILTERS: GraphFiltersState = {
  types: [],
  minEvidence: 1,
  communityId: null,
  documentId: null,
};

/** Explorer state: the loaded subgraph and how it is shown; layout positions live in the canvas, not here. */
export const useGraphStore = create<GraphState>((set, get) => ({
  subgraph: null,
  lod: 2000,
  lodChosen: false,
  mode: null,
  paper: null,
  colorBy: 'type',
  filters: NO_FILTERS,
  hidden: new Set(),
  selection: null,
  panel: null,
  paths: [],
  focusPath: null,
  setSubgraph: (subgraph) => set({ subgraph }),
  mergeSubgraph(extra) {
    const cur = get().subgraph;
    if (!cur) return set({ subgraph: extra });
    const have = new Set(cur.nodes.map((n) => n.id));
    const edgeKey = (e: { source: string; target: string }) => `${e.source}\u0000${e.target}`;
    const haveEdges = new Set(cur.edges.map(edgeKey));
    set({
      subgraph: {
        ...cur,
        nodes: [...cur.nodes, ...extra.nodes.filter((n) => !have.has(n.id))],
        edges: [...cur.edges, ...extra.edges.filter((e) => !haveEdges.has(edgeKey(e)))],
      },
    });
  },
  setLod: (lod) => set({ lod, lodChosen: true }),
  autoLod: (lod) => (get().lodChosen || get().lod === lod ? undefined : set({ lod })),
  setMode: (mode) => set({ mode, panel: null, selection: null }),
  openPaper: (paper) => set({ paper, panel: paper ? 'paper' : null }),
  setColorBy: (colorBy) => set({ colorBy }),
  setFilters: (f) => set({ filters: { ...get().filters, ...f } }),
  hide: (id) => set({ hidden: new Set(get().hidden).add(id), selection: null }),
  unhideAll: () => set({ hidden: new Set() }),
  select: (selection) => set({ selection, panel: selection ? 'selection' : get().panel }),
  setPanel: (panel) => set({ panel }),
  setPaths: (paths) => set({ paths, focusPath: null, panel: 'search' }),
  clearPaths: () => set({ paths: [], focusPath: null, panel: get().panel === 'search' ? null : get().panel }),
  setFocusPath: (focusPath) => set({ focusPath }),
  removeNode(id) {
    const sg = get().subgraph;
    if (!sg) return;
    set({
      selection: null,
      subgraph: {
        ...sg,
        nodes: sg.nodes.filter((n) => n.id !== id),
        edges: sg.edges.filter((e) => e.source !== id && e.target !== id),
      },
    });
  },
}));
