// `resend <id>` and `resend --pending`: e-mail the firm about a submission
// again, or about every one not yet notified, through the notify-pending
// function's own code (src/server/notify/delivery.ts) without its schedule or
// time limit. Needs SMTP_URL; an application's links are signed as the site
// signs them (acting-settings.ts).
import { deliverPending, FAILURES_BEFORE_PAUSE, type DeliveryAttempt } from '../../src/server/notify/delivery.ts';
import { notifyFirm } from '../../src/server/notify/sending.ts';
import { findSubmission } from '../../src/server/submissions/read.ts';
import { describeType } from '../../src/server/submissions/record-labels.ts';
import { linkSettings } from './acting-settings.ts';
import { noArgs, oneId } from './arguments.ts';
import { CliError, type CommandContext } from './command.ts';

/** How long `resend` waits for the mail server: staff can wait longer than a visitor. */
const RESEND_DEADLINE_MS = 30_000;

export async function resendCommand(context: CommandContext): Promise<number> {
  const { values, args, db, deps } = context;
  let settings = deps.notificationSettings();
  if (!settings.mailer)
    throw new CliError(
      'SMTP_URL is not set, so nothing can be sent. Set it (see docs/operations.md, "Notification e-mails") and try again.',
    );
  const now = () => deps.now?.() ?? new Date();
  // Settled before anything is sent: a link that cannot be signed as the site signs must stop the command,
  // not be recorded on each application as a failed notification.
  const signLinksAsTheSite = async () => {
    const links = await linkSettings(context);
    settings = { ...settings, documentLinks: async () => links };
  };
  let unsent = 0;
  let unrecorded = 0;
  const told = ({ type, id, outcome, recorded }: Omit<DeliveryAttempt, 'status'>) => {
    if ('error' in outcome) {
      unsent++;
      deps.io.stderr(`Could not send the notification of ${id}: ${outcome.error}`);
    } else {
      deps.io.stdout(
        `Sent the notification of ${describeType(type)} ${id} to ${settings.recipients[type].join(', ')}.`,
      );
    }
    if (recorded === 'saved') return;
    if (recorded === 'deleted') {
      deps.io.stderr(`${id} was deleted meanwhile, so its notification status was not recorded.`);
      return;
    }
    unrecorded++;
    deps.io.stderr(`Could not record the notification status of ${id}: ${recorded.storeError}`);
  };

  if (values.pending) {
    noArgs(args, 'resend --pending');
    await signLinksAsTheSite();
    // The notify-pending function's own run, without its schedule or time limit.
    const run = await deliverPending(db, settings, {
      everyPending: true,
      budgetMs: Number.POSITIVE_INFINITY,
      sendDeadlineMs: RESEND_DEADLINE_MS,
      now,
      onAttempt: told,
    });
    if (run.due === 0) {
      deps.io.stdout(
        run.pending.length === 0
          ? 'Every submission has been notified.'
          : `Nothing to send: ${run.pending.length} just arrived and ${run.pending.length === 1 ? 'is' : 'are'} still with ${run.pending.length === 1 ? 'its' : 'their'} form function.`,
      );
      return 0;
    }
    if (run.stoppedBecause === 'mail-server-down')
      deps.io.stderr(
        `Stopped after ${FAILURES_BEFORE_PAUSE} failures in a row: the mail server looks down. ${run.notTried} not tried.`,
      );
    if (unsent + run.notTried > 0)
      deps.io.stderr(
        `${unsent + run.notTried} of ${run.due} not sent; the records say so, and the notify-pending function or "resend" tries again.`,
      );
    return unsent + unrecorded + run.notTried > 0 ? 1 : 0;
  }

  const { record } = await findSubmission(db, oneId(args, 'resend'));
  if (record.type === 'application') await signLinksAsTheSite();
  const attempt = await notifyFirm({ db, record }, settings, { signal: AbortSignal.timeout(RESEND_DEADLINE_MS), now });
  told({ type: record.type, id: record.id, ...attempt });
  if (unsent > 0) deps.io.stderr('1 of 1 not sent; the records say so, and "resend" can try again.');
  return unsent + unrecorded > 0 ? 1 : 0;
}
