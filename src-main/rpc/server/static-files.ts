import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { decodePathPart } from './request-guards';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** The same policy as the Electron window's: no eval, no remote code, connections only back to us. */
export function contentSecurityPolicy(wsOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${wsOrigin}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Serves the built renderer; unknown paths fall back to index.html (client-side navigation). */
export function serveStatic(root: string, urlPath: string, res: ServerResponse, csp: string): void {
  const clean = path.normalize(decodePathPart(urlPath)).replace(/^([/\\])+/, '');
  let file = path.join(root, clean);
  if (!file.startsWith(path.resolve(root))) {
    res.writeHead(403).end('Forbidden');
    return;
  }
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
  if (!fs.existsSync(file)) {
    res
      .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
      .end('The Ariadne UI is not built yet: run `npm run build`, then restart `ariadne serve`.');
    return;
  }
  const ext = path.extname(file);
  res.writeHead(200, {
    'content-type': types[ext] ?? 'application/octet-stream',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': ext === '.html' ? 'no-store' : 'public, max-age=3600',
  });
  // A read error (the file replaced by a rebuild, EACCES) must end this response, not the process.
  fs.createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
