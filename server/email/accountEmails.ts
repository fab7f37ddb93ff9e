import type { VenueSettings } from '../../contract/venue';
import { toHtml, toText, type Block } from './layout';
import { emailText } from './messages';
import type { RenderedEmail } from './orderConfirmation';

/**
 * The emails about an account itself (issue 14): the password reset link, the answer to a
 * sign-up for an address that has an account, the link that confirms a new address and the
 * notice to the old one. Worded and signed as the venue the buyer was at, like the activation
 * email. Each says what to do if the reader did not ask, since anyone can type an address.
 */

interface AccountEmail {
  venue: VenueSettings;
  /** The account holder's first name as the account has it. */
  firstName: string;
}

function render(
  venue: VenueSettings,
  prefix: string,
  values: Record<string, string | number>,
  body: (t: ReturnType<typeof emailText>) => Block[],
): RenderedEmail {
  const t = emailText(venue);
  const document = {
    lang: venue.locale,
    title: t(`${prefix}.title`, values),
    preheader: t(`${prefix}.preheader`, values),
    blocks: [
      ...body(t),
      { kind: 'paragraph', text: t('footer.support', { phone: venue.supportPhone }) } as const,
      { kind: 'note', text: t(`${prefix}.footer`, values) } as const,
    ],
  };
  return {
    subject: t(`${prefix}.subject`, values),
    html: toHtml(document),
    text: toText(document),

    venueSlug: venue.slug,
  };
}

export interface PasswordResetEmail extends AccountEmail {
  resetUrl: string;
  minutes: number;
}

export function renderPasswordReset(ctx: PasswordResetEmail): RenderedEmail {
  const values = { venueName: ctx.venue.name, minutes: ctx.minutes };
  return render(ctx.venue, 'email.passwordReset', values, (t) => [
    { kind: 'paragraph', text: t('email.account.greeting', { firstName: ctx.firstName }) },
    { kind: 'paragraph', text: t('email.passwordReset.intro', values) },
    { kind: 'button', label: t('email.passwordReset.button'), href: ctx.resetUrl },
    { kind: 'paragraph', text: t('email.passwordReset.expiry', values) },
    { kind: 'paragraph', text: t('email.passwordReset.notYou') },
  ]);
}

export interface AccountExistsEmail extends AccountEmail {
  /** What was asked: a new account, or moving another account to this address. */
  reason: 'signUp' | 'emailChange';
  signInUrl: string;
  resetUrl: string;
}

export function renderAccountExists(ctx: AccountExistsEmail): RenderedEmail {
  const values = { venueName: ctx.venue.name };
  return render(ctx.venue, 'email.accountExists', values, (t) => [
    { kind: 'paragraph', text: t('email.account.greeting', { firstName: ctx.firstName }) },
    { kind: 'paragraph', text: t(`email.accountExists.intro.${ctx.reason}`, values) },
    { kind: 'button', label: t('email.accountExists.signIn'), href: ctx.signInUrl },
    { kind: 'paragraph', text: t('email.accountExists.forgotten') },
    { kind: 'button', label: t('email.accountExists.reset'), href: ctx.resetUrl },
    { kind: 'paragraph', text: t('email.accountExists.notYou') },
  ]);
}

export interface EmailChangeEmail extends AccountEmail {
  newEmail: string;
  confirmUrl: string;
  hours: number;
}

/** To the new address: opening the link proves the mailbox and moves the account there. */
export function renderEmailChange(ctx: EmailChangeEmail): RenderedEmail {
  const values = { venueName: ctx.venue.name, email: ctx.newEmail, hours: ctx.hours };
  return render(ctx.venue, 'email.emailChange', values, (t) => [
    { kind: 'paragraph', text: t('email.account.greeting', { firstName: ctx.firstName }) },
    { kind: 'paragraph', text: t('email.emailChange.intro', values) },
    { kind: 'button', label: t('email.emailChange.button'), href: ctx.confirmUrl },
    { kind: 'paragraph', text: t('email.emailChange.expiry', values) },
    { kind: 'paragraph', text: t('email.emailChange.notYou') },
  ]);
}

export interface EmailChangeNoticeEmail extends AccountEmail {
  newEmail: string;
  resetUrl: string;
}

/** To the old address: a stranger with the password cannot move the account away unseen. */
export function renderEmailChangeNotice(ctx: EmailChangeNoticeEmail): RenderedEmail {
  const values = { venueName: ctx.venue.name, email: ctx.newEmail };
  return render(ctx.venue, 'email.emailChangeNotice', values, (t) => [
    { kind: 'paragraph', text: t('email.account.greeting', { firstName: ctx.firstName }) },
    { kind: 'paragraph', text: t('email.emailChangeNotice.intro', values) },
    {
      kind: 'paragraph',
      text: t('email.emailChangeNotice.notYou', { phone: ctx.venue.supportPhone }),
    },
    { kind: 'button', label: t('email.emailChangeNotice.reset'), href: ctx.resetUrl },
  ]);
}
