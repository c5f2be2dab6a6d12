/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { OWN_PROCESS_FILES } from './tests/support/own-process-files.ts';

// Four projects, each on the site's own Vite config (Astro's, through getViteConfig):
//   unit              tests/unit: in-process, fast          npm run test:unit
//   unit-own-process  the few unit files that change the    npm run test:unit
//                     process (tests/support/own-process-files.ts)
//   spec-conformance  this firm's content against the       npm run test:unit
//                     client's specification
//   integration       tests/integration: builds sites into  npm run test:integration
//                     temporary folders, starts servers
export default getViteConfig({
  test: {
    environment: 'node',
    // Every core: Vitest's default (cores − 1) is one worker on a 2-core machine. `npm test` runs all three
    // projects in one pool, so a unit file fills the gap while an integration file waits on its build.
    maxWorkers: '100%',
    // The schema made once per run; each file's embedded Postgres starts from it (tests/support/database.ts).
    globalSetup: ['tests/support/database-snapshot.ts'],
    // npm run coverage: what the unit and integration tests run of the site's code (docs/quality.md).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'netlify/**/*.ts', 'scripts/**/*.ts'],
      // Programs that only ever run as processes of their own (the local server, the image generator, the
      // gates, the bench): the integration tests drive the server through a child process, which the test
      // process's V8 coverage cannot see, so counting them would only say 0 %.
      exclude: [
        'scripts/serve.ts',
        'scripts/serve/**',
        'scripts/generate-images.ts',
        'scripts/images/**',
        'scripts/gates.ts',
        'scripts/bench/**',
        'scripts/mutants/**',
      ],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'bench/results/coverage',
      // A failing test still ran its code: the figures are worth having.
      reportOnFailure: true,
    },
    projects: [
      // 15 s a test: an application's documents are each rebuilt in a worker of their own (~0.3 s apiece).
      // The unit files share their worker's process and modules, imported once, rather than each starting anew
      // (about a third of the project's time); the few that change the process have one each.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: OWN_PROCESS_FILES,
          isolate: false,
          setupFiles: ['tests/support/restore-environment.ts'],
          testTimeout: 15_000,
        },
      },
      { extends: true, test: { name: 'unit-own-process', include: OWN_PROCESS_FILES, testTimeout: 15_000 } },
      // Stands apart from the unit tests: it holds this firm's content to the client's
      // specification, which another firm's content would not meet.
      { extends: true, test: { name: 'spec-conformance', include: ['tests/spec-conformance/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
    ],
  },
});
