import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'demo/**/*.test.ts',
      'scripts/**/*.test.ts',
      'editors/*/src/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
