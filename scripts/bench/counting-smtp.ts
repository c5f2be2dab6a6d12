// An SMTP server on 127.0.0.1 for the bench: it accepts every message and
// counts what arrived, per recipient, so a stage can tell none went twice.
import { SMTPServer } from 'smtp-server';

export async function startCountingSmtp() {
  let received = 0;
  const perRecipient = new Map<string, number>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        for (const { address } of session.envelope.rcptTo)
          perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    /** Recipients that received more than one message. */
    twice: () => [...perRecipient.values()].filter((count) => count > 1).length,
    recipients: () => perRecipient.size,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
