import Graph from 'graphology';
import { useEffect, useRef, useState } from 'react';
import Sigma from 'sigma';
import { drawDiscNodeHover, type NodeHoverDrawingFunction } from 'sigma/rendering';
import { fittedCamera, framedCamera } from './camera-fit';
import { positionsOf, snapshotOf } from './canvas-inspection';
import type { ViewModel } from './graph-model';
import { attachLabelLayer } from './label-layer';
import type { LayoutView } from '../../../src-main/contract/layout';
import { placeNodes } from './placement';
import { useDark } from './use-dark';
import { useLayout } from './use-layout';
import { useStoredLayout } from './use-stored-layout';

export interface Highlight {
  nodes: Set<string>;
  edges: Set<string>;
}
export const edgeId = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

const FADED = { light: '#d5d9df', dark: '#323944' };

/**
 * Sigma draws hovered and selected labels on a white box in the label colour, which is near-white in the
 * dark theme: the box keeps dark text in both themes.
 */
const drawHover: NodeHoverDrawingFunction = (context, data, settings) =>
  drawDiscNodeHover(context, data, { ...settings, labelColor: { color: '#1b1f24' } });

interface Props {
  view: ViewModel;
  /** Whose stored layout positions the nodes (null: none, laid out every time). */
  layoutView: LayoutView | null;
  highlight: Highlight | null;
  selected: string | null;
  /** Nodes whose label is always drawn (the best connected, so a big graph is never unlabelled). */
  labelled?: Set<string>;
  /** Nodes to bring into view; a new token frames them again. */
  frame?: { keys: string[]; token: number } | null;
  /** What the canvas is read out as ("Graph of 120 entities"). */
  noun?: string;
  onNode(key: string): void;
  onEdge(source: string, target: string): void;
  onStage(): void;
  onRendered?(stats: { nodes: number; edges: number; ms: number }): void;
}

/** Wraps sigma: one WebGL renderer for the explorer's life; the graph is swapped whole when the view changes. */
export function SigmaCanvas(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma | null>(null);
  const positions = useRef(new Map<string, { x: number; y: number }>());
  /** The nodes of the search result in view, kept framed when the canvas resizes. */
  const framed = useRef<string[] | null>(null);
  const live = useRef(props);
  const [hover, setHover] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const dark = useDark();
  const stored = useStoredLayout(props.layoutView);
  const { save } = stored;
  // Position batches arrive as one graph event, which sigma already turns into a refresh; a finished run
  // is stored, so the next visit draws the same picture without running the layout again.
  const layout = useLayout((done) => {
    const g = sigma.current?.getGraph();
    if (done && g && g.order > 0) save(g);
  });

  useEffect(() => {
    live.current = props;
  });

  useEffect(() => {
    // The container is rendered unconditionally, so it is mounted when this effect runs.
    const container = box.current;
    if (!container) return;
    const s = new Sigma(new Graph({ type: 'undirected' }), container, {
      enableEdgeEvents: true,
      hideEdgesOnMove: true,
      renderEdgeLabels: false,
      // An entity with one piece of evidence is drawn 4.6 px wide (graph-model's sizeOf): a young library
      // would show no label at all above 7 px. The label grid (labelDensity) still thins out big graphs.
      labelRenderedSizeThreshold: 4,
      // The grid offers labels per screen cell, more per cell as the camera zooms in; the label layer then
      // drops those that would collide. One candidate per 100 px cell at the fitted view keeps most names.
      labelDensity: 0.5,
      labelGridCellSize: 100,
      labelFont: 'Inter, system-ui, sans-serif',
      defaultDrawNodeHover: drawHover,
      zIndex: true,
      minCameraRatio: 0.02,
      maxCameraRatio: 8,
      // A frame can fall in the instant the canvas measures 0 px wide (the view being left or laid out):
      // sigma would throw from its render loop; it draws at 1 px instead and the ResizeObserver refits.
      allowInvalidContainer: true,
    });
    s.on('clickNode', ({ node }) => live.current.onNode(node));
    s.on('clickEdge', ({ edge }) => {
      const g = s.getGraph();
      live.current.onEdge(g.source(edge), g.target(edge));
    });
    s.on('clickStage', () => live.current.onStage());
    s.on('enterNode', ({ node }) => setHover(node));
    s.on('leaveNode', () => setHover(null));
    sigma.current = s;
    const labels = attachLabelLayer(s);
    window.__ariadneCanvas = { snapshot: () => snapshotOf(s, labels), positions: () => positionsOf(s) };
    // The side panel narrows the canvas: resize sigma and refit the camera so the whole graph shows, clear
    // of the legend, and no label is cut at the edge.
    const resized = new ResizeObserver(([entry]) => {
      // A hidden or unmounting canvas measures 0 × 0, which sigma refuses.
      if (!entry || entry.contentRect.width === 0 || entry.contentRect.height === 0) return;
      s.resize();
      // A search result stays framed when its panel opens; otherwise the whole graph is fitted again.
      s.getCamera().animate((framed.current && framedCamera(s, framed.current)) ?? fittedCamera(s), {
        duration: 250,
      });
    });
    resized.observe(container);
    // The graph goes in on the next frame: creating the WebGL contexts and compiling sigma's shaders is one
    // long task, building and drawing a big graph another; together they would freeze the page twice as long.
    const frame = requestAnimationFrame(() => setReady(true));
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      labels.detach();
      delete window.__ariadneCanvas;
      s.kill();
      sigma.current = null;
    };
  }, []);

  // Rebuild when the view changes. Nodes keep this session's position, else the stored layout's, so the
  // picture does not jump; the layout runs only for nodes that have neither, around the others held still.
  const { start, running } = layout;
  const storedPositions = stored.positions;
  useEffect(() => {
    const s = sigma.current;
    if (!s || !ready || !storedPositions) return;
    const t0 = performance.now();
    const old = s.getGraph();
    const first = positions.current.size === 0;
    old.forEachNode((k, a) => positions.current.set(k, { x: a.x as number, y: a.y as number }));
    const g = new Graph({ type: 'undirected' });
    const { at, kept } = placeNodes(props.view.nodes, props.view.edges, [positions.current, storedPositions]);
    for (const n of props.view.nodes) {
      const p = at.get(n.key) ?? { x: 0, y: 0 };
      g.addNode(n.key, { x: p.x, y: p.y, size: n.size, color: n.color, label: n.label, nodeType: n.type });
    }
    for (const e of props.view.edges)
      if (g.hasNode(e.source) && g.hasNode(e.target))
        g.mergeEdgeWithKey(edgeId(e.source, e.target), e.source, e.target, {
          size: e.size,
          weight: e.weight,
          kind: e.kind ?? 'related',
          // A citation points from the citing paper to the cited one.
          ...(e.kind === 'cites' ? { type: 'arrow' } : {}),
        });
    // Edge picking renders a second buffer every frame: too costly (and too fiddly) with tens of thousands.
    s.setSetting('enableEdgeEvents', g.size <= 15_000);
    s.setGraph(g);
    // The first picture keeps clear of the legend; later views keep the camera the reader chose.
    if (first && g.order > 0) s.getCamera().setState(fittedCamera(s));
    props.onRendered?.({ nodes: g.order, edges: g.size, ms: performance.now() - t0 });
    const fresh = g.order - kept.size;
    if (fresh === 0) return;
    // Mostly known: settle the newcomers among the fixed old nodes. Mostly new: lay the whole view out.
    const linLog = props.layoutView === 'papers';
    if (kept.size >= fresh) start(g, { fixed: kept, iterations: 150, linLog });
    else start(g, { linLog });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuild only when the view itself changes
  }, [props.view, start, ready, storedPositions]);

  // A search result is brought into view: the camera moves to the box around its nodes.
  const frameToken = props.frame?.token;
  useEffect(() => {
    const s = sigma.current;
    const keys = props.frame?.keys ?? [];
    framed.current = keys.length ? keys : null;
    const camera = s && keys.length ? framedCamera(s, keys) : null;
    if (s && camera) s.getCamera().animate(camera, { duration: 400 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new token (a new search) frames again
  }, [frameToken, props.view]);

  // Highlight, selection, hover and theme only change how nodes are drawn: reducers, no rebuild.
  useEffect(() => {
    const s = sigma.current;
    if (!s) return;
    const faded = dark ? FADED.dark : FADED.light;
    const edgeColor = dark ? '#3a424e' : '#c9ced6';
    // Citations are many on a big map: drawn see-through, so the communities under them stay visible.
    const citeColor = dark ? 'rgba(143, 162, 255, 0.55)' : 'rgba(59, 91, 219, 0.5)';
    const disagreeColor = dark ? '#ff8a65' : '#d9480f';
    const hl = props.highlight;
    const g = s.getGraph();
    const near = hover && g.hasNode(hover) ? new Set(g.neighbors(hover)).add(hover) : null;
    s.setSetting('labelColor', { color: dark ? '#e6e9ee' : '#1b1f24' });
    s.setSetting('nodeReducer', (key, a) => {
      const on = (!hl || hl.nodes.has(key)) && (!near || near.has(key));
      const r: Record<string, unknown> = { ...a };
      if (!on) {
        r.color = faded;
        r.label = null;
        r.zIndex = 0;
      } else if (hl || near) {
        r.zIndex = 1;
        r.forceLabel = true;
      } else if (props.labelled?.has(key)) {
        r.forceLabel = true;
        r.clearOfDiscs = true;
      }
      if (key === props.selected) {
        r.highlighted = true;
        r.forceLabel = true;
        r.zIndex = 2;
      }
      return r;
    });
    s.setSetting('edgeReducer', (key, a) => {
      // Read the live graph: setGraph swaps it on every rebuild, after this closure was made.
      const g = s.getGraph();
      const r: Record<string, unknown> = {
        ...a,
        color: a.kind === 'cites' ? citeColor : a.kind === 'disagrees' ? disagreeColor : edgeColor,
      };
      // While a big layout moves, edges are noise and cost most of each frame.
      if (running && g.size > 15_000) return { ...r, hidden: true };
      if (hl && hl.edges.has(key)) {
        r.color = dark ? '#7c93ff' : '#3b5bdb';
        r.size = Math.max(2.5, (a.size as number) * 1.5);
        r.zIndex = 1;
      } else if (hl || near) {
        const [x, y] = g.hasEdge(key) ? g.extremities(key) : ['', ''];
        if (near && near.has(x) && near.has(y) && (x === hover || y === hover))
          r.color = dark ? '#98a2b0' : '#868e96';
        else r.hidden = !!hl || g.order > 3000;
      }
      return r;
    });
  }, [props.highlight, props.selected, props.view, props.labelled, hover, dark, running]);

  return (
    <div
      ref={box}
      className="sigma-box"
      data-testid="graph-canvas"
      data-layout={layout.running ? 'running' : 'idle'}
      data-nodes={props.view.nodes.length}
      aria-label={`Graph of ${props.view.nodes.length} ${props.noun ?? 'entities'}; use the search box or the list to navigate`}
      role="img"
    />
  );
}
