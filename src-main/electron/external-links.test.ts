import { describe, expect, it } from 'vitest';
import { decideExternalLink } from './external-links';

describe('decideExternalLink', () => {
  it('opens https links to scholarly hosts, asks for other https hosts, refuses everything else', () => {
    expect(decideExternalLink('https://doi.org/10.1000/x')).toEqual({
      action: 'open',
      url: 'https://doi.org/10.1000/x',
    });
    expect(decideExternalLink('https://PubMed.ncbi.nlm.nih.gov/123/').action).toBe('open');
    expect(decideExternalLink('https://evil.example/doi.org')).toMatchObject({
      action: 'confirm',
      host: 'evil.example',
    });
    expect(decideExternalLink('https://doi.org.evil.example/')).toMatchObject({ action: 'confirm' });
    for (const bad of [
      'http://doi.org/10.1/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-msdt:/id',
      'smb://host/share',
      'https://user:pw@doi.org/',
      'not a url',
      '',
    ])
      expect(decideExternalLink(bad), bad).toEqual({ action: 'deny' });
  });
});
