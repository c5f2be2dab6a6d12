// A mailer that keeps every send it was asked for, so a test can wait until all
// of them have finished instead of sleeping while a stray e-mail might arrive.
import type { Mailer } from '../../src/server/notify/mail.ts';

export interface CountingMailer extends Mailer {
  /** Resolves, once every send asked for so far has finished (sent or failed), with how many there were. */
  settled(): Promise<number>;
}

export function countingMailer(mailer: Mailer): CountingMailer {
  const sends: Array<Promise<unknown>> = [];
  return {
    send(mail, options) {
      const sending = mailer.send(mail, options);
      sends.push(sending.catch(() => {}));
      return sending;
    },
    async settled() {
      // A send may finish by asking for another: wait until no new one appears.
      for (let seen = -1; seen !== sends.length;) {
        seen = sends.length;
        await Promise.all(sends);
      }
      return sends.length;
    },
  };
}
