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
    // No retry, on CI or here: a test that fails once is a bug to mend at its root, not a setting.
    retry: 0,
  },
});
