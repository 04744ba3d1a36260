import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// base './' so dist/ works from any static host, also under a sub-path.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/**/*.e2e.test.ts', 'node_modules/**'],
    environment: 'node',
    // Engine invariants checked after every action (issue 15).
    setupFiles: ['tests/setup/invariants.ts'],
  },
});
