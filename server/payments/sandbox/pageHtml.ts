import type { CardBrand } from '../../../contract/cards';
import { CARD_BRAND_NAMES } from '../../../contract/cards';
import type { Currency } from '../provider';

/**
 * The sandbox's 3-D Secure and PayPal approval pages. They stand in for the card issuer's and
 * PayPal's pages, which are not the shop's: English, plain, server-rendered, no inline script or
 * style (the CSP forbids both), and every step is an ordinary form POST so they work with the
 * keyboard and without JavaScript.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The fields device-data collection posts (filled by the script; empty without JavaScript). */
export const DEVICE_DATA_FIELDS = [
  'screenWidth',
  'screenHeight',
  'colorDepth',
  'timeZoneOffset',
  'timeZone',
  'language',
  'javascriptEnabled',
] as const;

interface PageParts {
  base: string;
  title: string;
  body: string;
  script?: boolean;
  /** Whose page it stands in for, in its badge. */
  badge?: string;
  /** The page's language: a payment's currency says whose bank it stands in for. */
  lang?: PageLanguage;
}

type PageLanguage = 'en' | 'en-GB' | 'en-US';

/** A dollar payment's bank writes American English, a pound payment's British. */
const languageOf = (currency: Currency): PageLanguage => (currency === 'GBP' ? 'en-GB' : 'en-US');

/** "Visa ending 1111" in a British bank's words, "Visa ending in 1111" in an American one's. */
function cardName(brand: CardBrand, last4: string, lang: PageLanguage): string {
  return `${CARD_BRAND_NAMES[brand]} ending ${lang === 'en-US' ? 'in ' : ''}${last4}`;
}

const BANK = 'Sandbox bank';
const PAYPAL = 'Sandbox PayPal';

function page({ base, title, body, script = false, badge = BANK, lang = 'en' }: PageParts): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(base)}/3ds/sandbox.css">
${script ? `<script src="${escapeHtml(base)}/3ds/device-data.js" defer></script>\n` : ''}</head>
<body>
<main>
<p class="sandbox">${escapeHtml(badge)}</p>
${body}
</main>
</body>
</html>
`;
}

function money(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(languageOf(currency), {
    style: 'currency',
    currency,
  }).format(amount / 100);
}

export function deviceDataPage(base: string, ref: string): string {
  const inputs = DEVICE_DATA_FIELDS.map(
    (name) => `<input type="hidden" name="${name}" value="">`,
  ).join('\n');
  return page({
    base,
    title: 'Checking your device - Sandbox bank',
    script: true,
    body: `<h1>Checking your device</h1>
<p>Your card issuer checks a few details of this browser to keep your payment safe. This takes a moment.</p>
<form id="device-data" method="post" action="${escapeHtml(base)}/3ds/${escapeHtml(ref)}/device-data">
${inputs}
<div class="actions"><button type="submit" class="primary">Continue</button></div>
</form>`,
  });
}

export interface ChallengeDetails {
  ref: string;
  amount: number;
  currency: Currency;
  brand: CardBrand;
  last4: string;
}

export function challengePage(base: string, details: ChallengeDetails): string {
  const lang = languageOf(details.currency);
  const card = cardName(details.brand, details.last4, lang);
  return page({
    base,
    lang,
    title: 'Confirm your payment - Sandbox bank',
    body: `<h1>Confirm your payment</h1>
<p>This test page stands in for your card issuer's security check. Choose how it ends.</p>
<dl>
<dt>Merchant</dt><dd>Stagedoor</dd>
<dt>Amount</dt><dd>${escapeHtml(money(details.amount, details.currency))}</dd>
<dt>Card</dt><dd>${escapeHtml(card)}</dd>
</dl>
<form method="post" action="${escapeHtml(base)}/3ds/${escapeHtml(details.ref)}/challenge">
<div class="actions">
<button type="submit" name="result" value="authenticated" class="primary">Authenticate</button>
<button type="submit" name="result" value="failed" class="secondary">Fail authentication</button>
</div>
</form>`,
  });
}

export interface ApprovalDetails {
  ref: string;
  amount: number;
  currency: Currency;
}

/**
 * PayPal's approval page: the buyer approves or cancels the order; the third button plays a
 * PayPal account whose funding PayPal refuses, so a declined PayPal payment can be tried too.
 */
export function approvalPage(base: string, details: ApprovalDetails): string {
  return page({
    base,
    badge: PAYPAL,
    lang: languageOf(details.currency),
    title: 'Approve your payment - Sandbox PayPal',
    body: `<h1>Approve your payment</h1>
<p>This test page stands in for PayPal. Choose how the payment ends; no one logs in and nothing is charged until the shop confirms your order.</p>
<dl>
<dt>Merchant</dt><dd>Stagedoor</dd>
<dt>Amount</dt><dd>${escapeHtml(money(details.amount, details.currency))}</dd>
</dl>
<form method="post" action="${escapeHtml(base)}/paypal/${escapeHtml(details.ref)}">
<div class="actions">
<button type="submit" name="result" value="approved" class="primary">Approve</button>
<button type="submit" name="result" value="cancelled" class="secondary">Cancel</button>
<button type="submit" name="result" value="declining_account" class="secondary">Log in as a declining account</button>
</div>
</form>`,
  });
}

export function missingPage(base: string): string {
  return page({
    base,
    title: 'Payment step not found - Sandbox bank',
    body: `<h1>This payment step is not available</h1>
<p>It may have expired or been completed already. Go back to the shop and try your payment again.</p>`,
  });
}

export function badRequestPage(base: string): string {
  return page({
    base,
    title: 'Something went wrong - Sandbox bank',
    body: `<h1>Something went wrong</h1>
<p>The security check could not read this request. Go back to the shop and try your payment again.</p>`,
  });
}
