// Vitest hooks around startSmtpServer(): one server per test file, emptied
// before every test. (A separate module: smtp.ts has no Vitest in it.)
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

export function smtpServerPerTest(): TestSmtpServer {
  let current: TestSmtpServer | undefined;
  const live = () => {
    if (!current) throw new Error('the test SMTP server starts in beforeAll; use it inside tests and hooks');
    return current;
  };
  beforeAll(async () => {
    current = await startSmtpServer();
  });
  afterAll(async () => current?.stop());
  beforeEach(() => live().clear());
  return {
    get url() {
      return live().url;
    },
    get port() {
      return live().port;
    },
    get messages() {
      return live().messages;
    },
    waitFor: (count, timeoutMs) => live().waitFor(count, timeoutMs),
    clear: () => live().clear(),
    stop: () => live().stop(),
  };
}
