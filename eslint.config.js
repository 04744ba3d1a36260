import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      // The engine is pure and replayable: no ambient randomness or clock (DEVELOPERS.md).
      'no-restricted-properties': ['error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG (src/engine/rng).' },
        { object: 'Date', property: 'now', message: 'The engine has no clock.' }],
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'pixi.js', 'zustand', '**/ui/**', '**/store/**'] }],
    },
  },
  {
    // Node build/bench scripts (plain ESM); `window` appears only inside page.evaluate callbacks.
    files: ['**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(['process', 'console', 'performance', 'window', 'URL', 'setTimeout', 'clearTimeout', 'Buffer', 'TextEncoder', 'TextDecoder'].map((g) => [g, 'readonly'])),
    },
  },
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] } },
);
