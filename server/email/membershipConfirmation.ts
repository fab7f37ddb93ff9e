import type { Membership } from '../../contract/api/members';
import type { VenueSettings } from '../../contract/venue';
import { formatMoney } from './format';
import { toHtml, toText, type Block } from './layout';
import { emailText } from './messages';
import type { RenderedEmail } from './orderConfirmation';

/**
 * The confirmation of a paid membership (issue 14, ATG+): what was bought, its number, what it
 * costs and when it renews or ends, and its benefits in the venue's words.
 */
export interface MembershipEmailContext {
  venue: VenueSettings;
  firstName: string;
  /** The scheme's name as the venue words it. */
  schemeName: string;
  benefits: readonly string[];
  membership: Membership;
  amount: number;
}

function day(locale: string, isoDate: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

export function renderMembershipConfirmation(ctx: MembershipEmailContext): RenderedEmail {
  const { venue, membership } = ctx;
  const t = emailText(venue);
  const scheme = ctx.schemeName;
  const venueName = venue.name;
  const rows: [string, string][] = [
    [t('email.membership.number'), membership.number],
    [t('email.membership.paid'), formatMoney(venue.locale, ctx.amount, venue.currency)],
  ];
  if (membership.renewsOn) {
    rows.push([
      t('email.membership.renews'),
      day(venue.locale, membership.renewsOn, venue.timezone),
    ]);
  }
  if (membership.endsOn) {
    rows.push([t('email.membership.ends'), day(venue.locale, membership.endsOn, venue.timezone)]);
  }
  const blocks: Block[] = [
    { kind: 'paragraph', text: t('email.account.greeting', { firstName: ctx.firstName }) },
    { kind: 'paragraph', text: t('email.membership.intro', { scheme }) },
    { kind: 'facts', rows },
    { kind: 'heading', text: t('email.membership.benefits') },
    { kind: 'list', items: [...ctx.benefits] },
    { kind: 'paragraph', text: t('footer.support', { phone: venue.supportPhone }) },
    { kind: 'note', text: t('email.membership.footer', { scheme, venueName }) },
  ];
  const document = {
    lang: venue.locale,
    title: t('email.membership.title', { scheme }),
    preheader: t('email.membership.preheader', { scheme, number: membership.number }),
    blocks,
  };
  return {
    subject: t('email.membership.subject', { scheme, venueName }),
    html: toHtml(document),
    text: toText(document),

    venueSlug: venue.slug,
  };
}
