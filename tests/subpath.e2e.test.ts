import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from './browser';

// `npm run build` must give a static site that works from any static host, also under a sub-path.
const OUT = 'dist-e2e-subpath';
const PREFIX = '/games/neptune/';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png' };

let server: Server;
let browser: Browser;
let url: string;

beforeAll(async () => {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try { await build({ mode: 'production', logLevel: 'warn', build: { outDir: OUT, emptyOutDir: true } }); } finally { process.env.NODE_ENV = env; }
  server = createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (!path.startsWith(PREFIX)) { res.writeHead(404).end('not under the sub-path'); return; }
    const rel = normalize(path.slice(PREFIX.length) || 'index.html').replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(OUT, rel));
      res.writeHead(200, { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream' }).end(body);
    } catch { res.writeHead(404).end(); }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}${PREFIX}`;
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
});
afterAll(async () => { await browser?.close(); server?.close(); });

describe('static build under a sub-path', () => {
  it('loads from /games/neptune/ and renders the map', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    await page.goto(url);
    await page.locator('input[name=scenario][value="demo"]').check();
    await page.getByTestId('start-game').click();
    await page.waitForFunction(() => window.__marks?.firstFrame, null, { timeout: 30_000 });
    expect(failed).toEqual([]);
    await page.close();
  });
});
