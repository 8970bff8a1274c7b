/**
 * Which links the app may hand to the system browser. Links reach the window from model- and
 * document-derived markdown, so they are untrusted: only https, opened at once for the scholarly hosts
 * below (and their subdomains), after a confirmation naming the host for any other https URL, never for
 * other schemes (http, file, javascript, custom protocol handlers) or URLs with credentials.
 */
export const TRUSTED_LINK_HOSTS = [
  'doi.org',
  'pubmed.ncbi.nlm.nih.gov',
  'www.ncbi.nlm.nih.gov',
  'europepmc.org',
  'arxiv.org',
  'www.biorxiv.org',
  'www.medrxiv.org',
  'ollama.com',
  'github.com',
] as const;

export type LinkDecision =
  { action: 'open'; url: string } | { action: 'confirm'; url: string; host: string } | { action: 'deny' };

export function decideExternalLink(raw: string): LinkDecision {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { action: 'deny' };
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return { action: 'deny' };
  const host = url.hostname.toLowerCase();
  const trusted = TRUSTED_LINK_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  return trusted ? { action: 'open', url: url.href } : { action: 'confirm', url: url.href, host };
}
