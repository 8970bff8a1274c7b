/** Vite turns `import x from 'file?url'` into the URL of the bundled asset. */
declare module '*?url' {
  const url: string;
  export default url;
}

/** One ForceAtlas2 iteration over graphology's byte matrices (the package ships it untyped). */
declare module 'graphology-layout-forceatlas2/iterate.js' {
  const iterate: (settings: Record<string, unknown>, nodes: Float32Array, edges: Float32Array) => void;
  export default iterate;
}
