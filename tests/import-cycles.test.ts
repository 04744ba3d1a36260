/**
 * Layers of the engine (docs/development.md): core ← queries ← procedures ← modules. A value import
 * that closes a cycle makes load order decide what a module sees (one such cycle broke tests run
 * alone), so src/engine has none. `import type` is free: it leaves no code behind.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclePath, importCycles, importGraph, valueImports } from './importGraph';

const ENGINE = path.resolve(__dirname, '../src/engine');

describe('engine import graph', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(valueImports([
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { type D, e } from './d';",
      "import f from './f';",
      "export { g } from './g';",
      "export type { H } from './h';",
      "const i = import('./i');",
      "type J = import('./j').J;",
    ].join('\n'))).toEqual(['./d', './f', './g', './i']);
  });

  it('finds a cycle when there is one', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    const cycles = importCycles(g);
    expect(cycles).toEqual([['a', 'b', 'c']]);
    expect(cyclePath(g, cycles[0])).toEqual(['a', 'b', 'c', 'a']);
  });

  it('src/engine has zero value-import cycles', () => {
    const g = importGraph(ENGINE);
    const rel = (f: string) => path.relative(ENGINE, f);
    const found = importCycles(g).map((c) => `${c.length} files: ${cyclePath(g, c).map(rel).join(' → ')}  [${c.map(rel).join(', ')}]`);
    expect(found).toEqual([]);
  }, 30_000);
});
