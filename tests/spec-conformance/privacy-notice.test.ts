// The privacy notice as this firm publishes it (docs/requirements.md#privacy-notice),
// its placeholders filled from src/site.config.ts and the default retention: the
// periods it sums up, its eleven sections, how to make a data request, article
// alerts, and the firm's two offices.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workLocations } from '../../src/forms/application/application.ts';
import {
  DEFAULT_RETENTION_DAYS,
  fillPlaceholders,
  PRIVACY_NOTICE_FILE,
  privacyNoticeValues,
  splitNotice,
} from '../../src/lib/privacy.ts';
import { site } from '../../src/site.config.ts';
import { projectRoot } from './firm-content.ts';

describe('privacy notice', () => {
  const notice = splitNotice(
    fillPlaceholders(
      readFileSync(resolve(projectRoot, PRIVACY_NOTICE_FILE), 'utf8'),
      privacyNoticeValues({ site, retention: DEFAULT_RETENTION_DAYS, documentLinkDays: 14, workLocations }),
    ),
  );

  it('sums up the retention periods in its “In short” box', () => {
    expect(notice.summary).toContain('Enquiries are kept for 24 months and pupillage applications for 12 months');
  });

  it('has the eleven sections of the notice, in order', () => {
    expect([...notice.sections.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual([
      'Who we are',
      'What we collect and why',
      'The legal basis',
      'Who sees your data',
      'Storage outside Kenya',
      'How long we keep it',
      'Your rights',
      'How to exercise them',
      'Cookies, video and map',
      'Keeping it safe',
      'Changes to this notice',
    ]);
  });

  it('says how to make a data request, how fast the firm answers, and how long the note of an erasure is kept', () => {
    const plain = (markdown: string) => markdown.replace(/\\/g, '');
    expect(plain(notice.summary)).toContain(
      'write to [privacy@mnoadvocates.co.ke](mailto:privacy@mnoadvocates.co.ke); we answer within seven days.',
    );
    const howTo = plain(notice.sections.slice(notice.sections.indexOf('## How to exercise them')));
    expect(howTo).toMatch(
      /^## How to exercise them\n\nE-mail \[privacy@mnoadvocates\.co\.ke\]\(mailto:privacy@mnoadvocates\.co\.ke\)/,
    );
    expect(howTo).toContain('the e-mail address you gave on our forms, which is how we find everything you sent');
    expect(howTo).toContain('We will answer within seven days of receiving your request');
    expect(howTo).toContain('a keyed hash');
    expect(howTo).toContain('we delete it after 6 years.');
  });

  it('describes article alerts: what is kept, on which basis, for how long, and how to withdraw (issue 40)', () => {
    const alerts = notice.sections.slice(notice.sections.indexOf('### Article alerts'));
    expect(alerts).toMatch(/^### Article alerts/);
    expect(alerts).toContain('a record of your consent');
    expect(alerts).toContain('sections 30 and 32 of the Act');
    expect(alerts).toContain('A request you do not confirm is forgotten after 7 days.');
    expect(alerts).toContain('one click');
    const kept = notice.sections.slice(notice.sections.indexOf('## How long we keep it'));
    expect(kept).toContain('we keep your address, language and categories until you unsubscribe');
    expect(kept).toContain('for 6 years after you unsubscribe');
  });

  it('names both offices and the stations an applicant may choose', () => {
    expect(notice.sections).toContain('- **Nairobi office**');
    expect(notice.sections).toContain('- **Kakamega office**');
    expect(notice.sections).toContain('preferred station (Nairobi or Kakamega)');
  });
});
