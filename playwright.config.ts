import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/chromium.ts';
// The e2e server: the production build, served the way `npm start` serves it, on its own port.
import { E2E_PORT } from './tests/e2e/support/e2e-server.ts';

// Two projects on one build: `built` reads dist/ in Node (every page, no browser),
// `browser` drives Chromium through one page of each template and every flow.
export default defineConfig({
  fullyParallel: true,
  // Every core, not Playwright's default half: the tests mostly wait on the server and the browser.
  workers: '100%',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  // CI machines are busy: give answers time.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A failed test keeps its actions, console and network, and a screenshot of the end; a trace's DOM
    // snapshots and screencast would cost every passing test a fifth of its time.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'built', testDir: 'tests/built' },
    {
      name: 'browser',
      testDir: 'tests/e2e',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node tests/e2e/support/serve-site.ts',
    url: `http://localhost:${E2E_PORT}/`,
    env: { PORT: String(E2E_PORT), ASTRO_TELEMETRY_DISABLED: '1' },
    // Never test a server this run did not start (an old build, another branch's): a busy port fails the run.
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
