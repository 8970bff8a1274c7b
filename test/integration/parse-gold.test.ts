import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from '../../src-main/core/ingest/parse/pdf';
import { classifyHeading } from '../../src-main/core/ingest/parse/sections';
import type { ParsedDocument } from '../../src-main/core/ingest/parse/types';

// The real open-access papers and CERMINE's reference extractions live beside the repository, not in it.
const data = path.join(fileURLToPath(new URL('../..', import.meta.url)), '../shared/data/pdfs');
const present = existsSync(path.join(data, 'gold'));
if (!present)
  console.warn(`parse-gold: SKIPPED, ${data}/gold is absent (shared evaluation data not checked out)`);

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
const parse = (file: string) => parsePdf(new Uint8Array(readFileSync(path.join(data, file))));

describe.runIf(present)('real papers against the reference extractions', () => {
  let jtmo: ParsedDocument;
  let rrp: ParsedDocument;
  beforeAll(async () => {
    jtmo = await parse('jtmo_2010_4_1_dvt_prophylaxis_trauma.pdf');
    rrp = await parse('rrp_2010_157939_heart_failure_programmes.pdf');
  });

  it('jtmo: title, authors and DOI match the gold metadata', () => {
    const xml = readFileSync(path.join(data, 'gold/jtmo_2010_4_1.expected-metadata.jats.xml'), 'utf8');
    expect(jtmo.title).toBe(tag(xml, 'article-title')[0]);
    expect(jtmo.authors).toEqual(tag(xml, 'string-name'));
    expect(jtmo.doi).toBe(tag(xml, 'article-id')[0]);
    expect(jtmo.year).toBe(2010);
  });

  it('rrp: metadata, section order, reference count and paragraph coverage', () => {
    const xml = readFileSync(path.join(data, 'gold/rrp_2010_157939.expected-content.jats.xml'), 'utf8');
    const contribs = [
      ...xml.matchAll(/<contrib contrib-type="author">[\s\S]*?<string-name>([^<]+)<\/string-name>/g),
    ];
    expect(rrp.title).toBe(tag(xml, 'article-title')[0]);
    expect(rrp.authors).toEqual(contribs.map((m) => m[1]));
    expect(rrp.doi).toBe(/<article-id pub-id-type="doi">([^<]+)</.exec(xml)?.[1]);
    const goldOrder = [
      'abstract',
      ...tag(xml, 'title')
        .map((t) => classifyHeading(t))
        .filter(Boolean),
      'references',
    ];
    const ours = rrp.sections.map((s) => s.name);
    // Every gold section appears, in the gold order (ours may name more, e.g. a discussion CERMINE missed).
    let i = 0;
    for (const name of ours) if (name === goldOrder[i]) i++;
    expect(i).toBe(goldOrder.length);
    expect(rrp.references.length).toBe(tag(xml, 'ref').length);

    const body = letters(rrp.text);
    const paras = tag(xml.slice(xml.indexOf('<body>'), xml.indexOf('</body>')), 'p').filter(
      (p) => p.length > 80,
    );
    const positions = paras.map((p) => body.indexOf(letters(p).slice(10, 70)));
    const found = positions.filter((p) => p >= 0);
    const inOrder = found.filter((p, k) => k === 0 || p > found[k - 1]!).length;
    console.log(
      `parse-gold rrp: sections ours=[${ours.join(',')}] gold=[${goldOrder.join(',')}]; references ${rrp.references.length}/${tag(xml, 'ref').length}; ` +
        `body paragraphs found ${found.length}/${paras.length}, in reading order ${inOrder}/${found.length}`,
    );
    expect(found.length / paras.length).toBeGreaterThan(0.85);
    expect(inOrder / found.length).toBeGreaterThan(0.9);
  });
});
