/** Nodes and edges as GraphML 1.0, readable by Gephi, Cytoscape, yEd and graphology's GraphML parser. */
export interface GraphmlNode {
  id: string;
  label: string;
  type: string;
  evidence: number;
  community: string | null;
  aliases: string[];
}
export interface GraphmlEdge {
  source: string;
  target: string;
  keywords: string[];
  evidence: number;
}

const xml = (s: string) =>
  s
    // Characters XML 1.0 forbids even escaped (control codes from PDF text) are dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function toGraphml(nodes: GraphmlNode[], edges: GraphmlEdge[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    '  <key id="label" for="node" attr.name="label" attr.type="string"/>',
    '  <key id="type" for="node" attr.name="type" attr.type="string"/>',
    '  <key id="evidence" for="node" attr.name="evidence" attr.type="int"/>',
    '  <key id="community" for="node" attr.name="community" attr.type="string"/>',
    '  <key id="aliases" for="node" attr.name="aliases" attr.type="string"/>',
    '  <key id="keywords" for="edge" attr.name="keywords" attr.type="string"/>',
    '  <key id="weight" for="edge" attr.name="weight" attr.type="int"/>',
    '  <graph id="ariadne" edgedefault="directed">',
  ];
  for (const n of nodes) {
    out.push(
      `    <node id="${xml(n.id)}">`,
      `      <data key="label">${xml(n.label)}</data>`,
      `      <data key="type">${xml(n.type)}</data>`,
      `      <data key="evidence">${n.evidence}</data>`,
      ...(n.community ? [`      <data key="community">${xml(n.community)}</data>`] : []),
      ...(n.aliases.length ? [`      <data key="aliases">${xml(n.aliases.join('; '))}</data>`] : []),
      '    </node>',
    );
  }
  edges.forEach((e, i) => {
    out.push(
      `    <edge id="e${i}" source="${xml(e.source)}" target="${xml(e.target)}">`,
      `      <data key="keywords">${xml(e.keywords.join('; '))}</data>`,
      `      <data key="weight">${e.evidence}</data>`,
      '    </edge>',
    );
  });
  out.push('  </graph>', '</graphml>', '');
  return out.join('\n');
}
