// The engine's benchmark suites and the one way they are built to run (`npm run bench`,
// bench-pair.mjs): a vite SSR build in production mode, one bundle per tree, as the page and its
// workers run the engine (immer's production build, direct calls between modules). The dev module
// loader makes every imported function a getter on a namespace object and loads immer's development
// build: the same replay measured 1.2–1.6× slower that way (docs/bench.md, session 11).
import { build } from 'vite';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Suite name → module, relative to the tree's root. */
export const ENGINE_SUITES = { engine: 'src/bench/engine.ts', scale: 'src/bench/scale.ts', save: 'src/save/bench.ts', ai: 'src/ai/bench.ts' };

/** Builds the named suites of the tree at `root` into `outDir` (absolute) and imports them: name → module. */
export async function builtSuites(root, names, outDir, logLevel = 'warn') {
  await build({
    root, mode: 'production', logLevel,
    define: { 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true },
    build: { ssr: true, outDir, emptyOutDir: true, minify: false, rolldownOptions: { input: Object.fromEntries(names.map((n) => [n, join(root, ENGINE_SUITES[n])])) } },
  });
  const out = {};
  for (const n of names) out[n] = await import(pathToFileURL(join(outDir, `${n}.js`)).href);
  return out;
}
