import type { MessageId } from '@/i18n/messageIds';

/** The six legal and visitor pages of spec §2, served by the venue's own (legacy) site. */
export const LEGAL_LINKS: readonly { path: string; label: MessageId }[] = [
  { path: '/legal/privacy-policy', label: 'footer.legal.privacyPolicy' },
  { path: '/legal/cookies', label: 'footer.legal.cookies' },
  { path: '/legal/terms-of-use', label: 'footer.legal.termsOfUse' },
  { path: '/legal/terms-of-sale', label: 'footer.legal.termsOfSale' },
  {
    path: '/legal/terms-of-sale/ticket-protection-program/',
    label: 'footer.legal.ticketProtection',
  },
  { path: '/your-visit/safety-security', label: 'footer.legal.safetySecurity' },
];

/** An absolute link on the venue's site; the base may or may not end in a slash. */
export function legacyUrl(base: string, path: string): string {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).href;
}

/**
 * A dialable `tel:` address for the venue's support line: national numbers are written for
 * people (020 7946 0123, (415) 555-0142) but phones need the country code to dial from abroad.
 */
export function telHref(phone: string, region: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (region === 'uk') return `tel:+44${digits.replace(/^0/, '')}`;
  return `tel:+1${digits.replace(/^1(?=\d{10}$)/, '')}`;
}
