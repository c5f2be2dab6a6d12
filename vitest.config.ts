/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    // The spec-conformance file stands apart from the unit tests: it holds this firm's
    // content to the client's specification, which another firm's content would not meet.
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/spec-conformance.test.ts'],
    environment: 'node',
  },
});
