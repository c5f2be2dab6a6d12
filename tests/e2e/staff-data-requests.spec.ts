// A data request answered from the desk by a partner, through `npm start`'s
// server: everything held about an address is found, exported as a zip, and
// erased once the address is typed again — after which neither the desk nor
// the staff tool finds anything for it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { validContact } from '../../scripts/lib/sample-requests.ts';
import { E2E_ROOT } from './support/e2e-server.ts';
import { E2E_LINK_SECRET } from './support/link-secret.ts';
import { signInNewPerson, staffAddress } from './support/staff.ts';
import { seriousViolations } from './support/axe.ts';

const run = promisify(execFile);

test('a partner finds, exports and erases what one address sent; the tool then finds nothing', async ({
  page,
  request,
  baseURL,
}) => {
  const email = staffAddress('requester');
  const sent = await request.post('/api/v1/client/contactform', {
    headers: { origin: baseURL! },
    data: { form_data: { ...validContact(), email } },
  });
  expect(sent.status()).toBe(200);

  await signInNewPerson(page, 'partner');
  await page.getByRole('link', { name: 'Data requests' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(`Held about ${email}:`)).toBeVisible();
  await expect(page.getByText(/^contact /)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const zip = unzipSync(
    new Uint8Array(await (await (await download).createReadStream()).toArray().then(Buffer.concat)),
  );
  const [recordFile] = Object.keys(zip).filter((name) => name.endsWith('/record.json'));
  expect(JSON.parse(Buffer.from(zip[recordFile!]!).toString())).toMatchObject({ type: 'contact', fields: { email } });

  const erase = page.getByRole('button', { name: 'Erase', exact: true });
  await expect(erase).toBeDisabled();
  await page.getByLabel('Type the address to confirm').fill(email);
  await erase.click();
  await expect(page.getByText(/^Erased 1 submission\(s\) from /)).toBeVisible();
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(`Nothing is held about ${email}.`)).toBeVisible();

  const { stdout } = await run(
    'node',
    ['scripts/submissions.ts', 'find', '--email', email, '--json', '--root', E2E_ROOT],
    {
      env: { ...process.env, DOCUMENT_LINK_SECRET: E2E_LINK_SECRET },
    },
  );
  expect(JSON.parse(stdout)).toMatchObject({ submissions: [] });
});
