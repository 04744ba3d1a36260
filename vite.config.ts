import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * data/units/*.json imported as text (`?raw`, src/data/bundle.ts `lazyFiles`) are kept compact and in
 * ASCII: the page holds every unit set's text until a scenario parses its own.
 */
function compactUnitText(): Plugin {
  return {
    name: 'neptune-compact-unit-text',
    enforce: 'pre',
    load(id) {
      const m = /^(.*\/data\/units\/[^/?]+\.json)\?raw$/.exec(id);
      if (!m) return null;
      // Non-Latin-1 characters (≥, ×, §) escaped: the text then stays a one-byte string in V8, half the memory.
      const text = JSON.stringify(JSON.parse(readFileSync(m[1], 'utf8'))).replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return `export default ${JSON.stringify(text)};`;
    },
  };
}

// base './' so dist/ works from any static host, also under a sub-path.
export default defineConfig({
  base: './',
  plugins: [compactUnitText(), react()],
  // ASCII-only output (non-ASCII characters in strings escaped): Chromium then keeps each script's
  // source as one byte a character, not two — 6.5 MB less memory held for the app's own text.
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000, rolldownOptions: { output: { charset: 'ascii' } } },
  worker: { rolldownOptions: { output: { charset: 'ascii' } } },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/**/*.e2e.test.ts', 'node_modules/**'],
    environment: 'node',
    // Engine invariants checked after every action (issue 15).
    setupFiles: ['tests/setup/invariants.ts'],
  },
});
