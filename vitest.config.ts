import { defineConfig } from 'vitest/config';
import { iconSprite } from './scripts/vite-icon-sprite.ts';

// Unit, scenario and API tests. Component tests (src/web/**/*.test.tsx) start with `// @vitest-environment happy-dom`.
export default defineConfig({
  plugins: [iconSprite()],
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // As with the browser tests, one retry on CI, whose machines vary in load: a test that fails twice fails, and
    // one that passed only on its retry is named by npm test (scripts/test-all.ts) as flaky.
    retry: process.env.CI ? 1 : 0,
  },
});
