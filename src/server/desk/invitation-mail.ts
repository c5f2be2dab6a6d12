// The invitation e-mail, where mail is configured (SMTP_URL): the link and how
// long it works. Without mail, or if sending fails, the inviter passes the link
// on themselves (the desk and the tool show it); the invitation stands either way.
import { site } from '../../site.config.ts';
import { bodyText } from '../notify/mail.ts';
import { notificationSettingsFromEnv } from '../notify/settings.ts';
import type { Mailer } from '../notify/mail.ts';

export interface InvitationMailer {
  mailer: Mailer | null;
  from: string;
}

const fromEnv = (): InvitationMailer => {
  const { mailer, from } = notificationSettingsFromEnv();
  return { mailer, from };
};

/** Sends the invitation to `address`; whether it was sent. */
export async function sendInvitation(
  address: string,
  url: string,
  mail: InvitationMailer = fromEnv(),
): Promise<boolean> {
  if (!mail.mailer) return false;
  try {
    await mail.mailer.send({
      from: mail.from,
      to: [address],
      subject: `Your invitation to ${site.name}'s staff desk`,
      text: bodyText(
        [
          `You are invited to ${site.name}'s staff desk.`,
          '',
          'Open this link on the phone or computer you will use, and press "Create a passkey":',
          url,
          '',
          'The link works once, for 24 hours. If you did not expect it, ignore this message.',
        ].join('\n'),
      ),
    });
    return true;
  } catch {
    return false;
  }
}
