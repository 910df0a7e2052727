import { defineConfig } from 'vitest/config';

// Unit, scenario and API tests. Component tests (src/web/**/*.test.tsx) start with `// @vitest-environment happy-dom`.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
