import type { VenueSettings } from '../../contract/venue';
import { toHtml, toText, type Block } from './layout';
import { emailText } from './messages';
import type { RenderedEmail } from './orderConfirmation';

/**
 * The "activate your account" email (issue 5): sent to the order's email when the buyer makes
 * an account from it, so the account becomes theirs only once the mailbox's owner opens the
 * link. It names the order it came from and tells anyone who did not ask to leave it alone,
 * since the email on an order may have been typed by someone else.
 */

export interface ActivationContext {
  venue: VenueSettings;
  firstName: string;
  /** The account's email, as the order has it. */
  email: string;
  /** The order the account was made from ("SD-…"); absent for a sign-up from the header or checkout (issue 14). */
  orderNumber?: string;
  /** The activation link with its one-time token. */
  activationUrl: string;
  /** How long the link works. */
  hours: number;
}

export function renderAccountActivation(ctx: ActivationContext): RenderedEmail {
  const { venue, hours } = ctx;
  const t = emailText(venue);
  const venueName = venue.name;

  const blocks: Block[] = [
    { kind: 'paragraph', text: t('email.activation.greeting', { firstName: ctx.firstName }) },
    {
      kind: 'paragraph',
      text:
        ctx.orderNumber === undefined
          ? t('email.activation.introSignUp', { venueName, email: ctx.email })
          : t('email.activation.intro', { venueName, number: ctx.orderNumber, email: ctx.email }),
    },
    { kind: 'button', label: t('email.activation.button'), href: ctx.activationUrl },
    { kind: 'paragraph', text: t('email.activation.expiry', { hours }) },
    { kind: 'paragraph', text: t('email.activation.notYou') },
    { kind: 'paragraph', text: t('footer.support', { phone: venue.supportPhone }) },
    {
      kind: 'note',
      text: t(
        ctx.orderNumber === undefined ? 'email.activation.footerSignUp' : 'email.activation.footer',
        { venueName },
      ),
    },
  ];

  const document = {
    lang: venue.locale,
    title: t('email.activation.title'),
    preheader: t('email.activation.preheader', { hours }),
    blocks,
  };
  return {
    subject: t('email.activation.subject', { venueName }),
    html: toHtml(document),
    text: toText(document),

    venueSlug: venue.slug,
  };
}
