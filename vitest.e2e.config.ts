import { defineConfig } from 'vitest/config';

// Browser tests: build the app, serve it, drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // No Chromium: stop once with the message naming its install command, not a launch error per file.
    globalSetup: ['./tests/e2e-setup.ts'],
  },
});
