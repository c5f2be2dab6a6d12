import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/chromium.ts';
export default defineConfig({ testDir: './tests/e2e', testMatch: 'zz-tmp.spec.ts', reporter: 'list', workers: 1, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } } });
