// Makes sure the browser tests have a Chromium. Playwright cannot download its
// own here, so: CHROME_PATH, else /usr/bin/chromium, else Playwright's build if
// installed; failing all three, install Debian's chromium when we are root with apt.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { findChromium } from './lib/chromium.ts';

const playwrightOwn = (() => {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
})();

if (!findChromium() && !playwrightOwn) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      'No Chromium found for the browser tests: install one (Debian: `sudo apt-get install chromium`) or set CHROME_PATH to its executable.',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  const apt = (...args: string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt('update', '-qq');
  apt('install', '-y', '-qq', 'chromium');
}
