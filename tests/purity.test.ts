import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) && !/\.test\.ts$/.test(f) ? [p] : [];
  });
}

describe('the engine is pure (DEVELOPERS.md design card)', () => {
  // Comments are checked too: the acceptance is a plain grep over src/engine.
  const sources = files('src/engine').map((f) => ({ f, text: readFileSync(f, 'utf8') }));
  it('imports no React, Pixi, zustand, DOM-bound app code', () => {
    const bad = sources.filter(({ text }) => /from\s+['"](react|react-dom|pixi\.js|zustand|idb-keyval)['"/]|from\s+['"][./]+\/(ui|store|save)\//.test(text));
    expect(bad.map((b) => b.f)).toEqual([]);
  });
  it('uses no Math.random, clock or DOM globals', () => {
    const bad = sources.filter(({ text }) => /Math\.random|Date\.now|new Date\(|performance\.now|\bwindow\.|\bdocument\.|localStorage|indexedDB/.test(text));
    expect(bad.map((b) => b.f)).toEqual([]);
  });
  it('this check can fail: it flags a file that uses Math.random', () => {
    expect(/Math\.random/.test('const x = Math.random();')).toBe(true);
  });
});
