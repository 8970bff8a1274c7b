import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The library's API token: created once, stored beside the library with owner-only permissions, so the
 * browser URL keeps working across restarts while other local users and web pages cannot call the API.
 */
export function loadOrCreateToken(dataDir: string): string {
  const file = path.join(dataDir, 'server-token');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(existing)) return existing;
  } catch {
    // No token yet: create one below.
  }
  const token = crypto.randomBytes(24).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, token + '\n', { mode: 0o600 });
  return token;
}

export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
