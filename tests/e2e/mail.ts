import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect, inject } from 'vitest';

/**
 * Issue 25: the emails that reached the journeys' mail server (tests/e2e/globalSetup.ts keeps
 * each as a file), as a mail client reads them.
 */

/** The email to `to` whose subject matches, once the shop's dispatcher has sent it. */
export async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  const dir = inject('e2eMailDir');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const name of readdirSync(dir)) {
          const mail = await simpleParser(readFileSync(join(dir, name)));
          const recipients = [mail.to ?? []].flat().flatMap((address) => address.value);
          if (
            recipients.some((recipient) => recipient.address === to) &&
            subject.test(mail.subject ?? '')
          ) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to} about ${String(subject)}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}
