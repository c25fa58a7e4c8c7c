import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { operationOutcome } from '../engine/outcome';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built app: files from `root`, and index.html for any other GET that accepts HTML (the
 * app's client-side routes). Hashed assets are cached for a year; everything else is revalidated so
 * a new build is seen at once (the service worker and config.json above all).
 */
export async function serveStatic(root: string, pathname: string, accept: string): Promise<Response> {
  const decoded = safeDecode(pathname);
  if (decoded === undefined) return refusal(400, 'The path is not valid percent-encoding', 'invalid');
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  if (!(file === root || file.startsWith(root + sep))) {
    return refusal(400, 'The path leads outside the app', 'invalid');
  }
  const found = await fileAt(file);
  if (found) return fileResponse(found, relative.startsWith('assets/'));
  if (accept.includes('text/html') && extname(relative) === '') {
    const index = await fileAt(join(root, 'index.html'));
    if (index) return fileResponse(index, false);
    return new Response('The app is not built: run `npm run build` first.', { status: 503 });
  }
  return refusal(404, `No file at ${pathname}`, 'not-found');
}

/** A refused file request, in the OperationOutcome form every error of this server takes. */
function refusal(status: number, text: string, code: 'invalid' | 'not-found'): Response {
  return new Response(JSON.stringify(operationOutcome('error', code, text)), {
    status,
    headers: { 'Content-Type': 'application/fhir+json' },
  });
}

async function fileAt(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
    if (info.isDirectory()) return fileAt(join(path, 'index.html'));
  } catch {
    return undefined;
  }
  return undefined;
}

async function fileResponse(path: string, immutable: boolean): Promise<Response> {
  const body = await readFile(path);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}

function safeDecode(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}
