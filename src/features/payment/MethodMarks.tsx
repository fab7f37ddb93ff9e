import type { PayMethod } from '@contract/api/paymentMethodKinds';
import type { CardBrand } from '@contract/cards';
import { CardMark } from './CardMarks';
import { METHOD_NAMES } from '@/lib/methodNames';

/**
 * The wordmarks of the non-card methods as their buttons print them: brand names, never
 * translated, drawn here (no brand image is downloaded) at the card marks' size.
 */
const WORDMARK = { paypal: ['Pay', 'Pal'], google_pay: 'G Pay', apple_pay: 'Pay' } as const;

const common = (label: string) =>
  ({
    role: 'img',
    'aria-label': label,
    viewBox: '0 0 38 24',
    width: 38,
    height: 24,
    focusable: false,
  }) as const;

function WalletOrPayPalMark({ method }: { method: Exclude<PayMethod, 'card'> }) {
  switch (method) {
    case 'paypal':
      return (
        <svg {...common(METHOD_NAMES.paypal)}>
          <rect x="0.5" y="0.5" width="37" height="23" rx="3" fill="#fff" stroke="#767676" />
          <text
            x="19"
            y="15.5"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="9.5"
            fontStyle="italic"
            fontWeight="700"
          >
            <tspan fill="#003087">{WORDMARK.paypal[0]}</tspan>
            <tspan fill="#005ea6">{WORDMARK.paypal[1]}</tspan>
          </text>
        </svg>
      );
    case 'google_pay':
      return (
        <svg {...common(METHOD_NAMES.google_pay)}>
          <rect x="0.5" y="0.5" width="37" height="23" rx="3" fill="#fff" stroke="#767676" />
          <text
            x="19"
            y="15.5"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="10"
            fontWeight="700"
            fill="#3c4043"
          >
            {WORDMARK.google_pay}
          </text>
        </svg>
      );
    case 'apple_pay':
      return (
        <svg {...common(METHOD_NAMES.apple_pay)}>
          <rect width="38" height="24" rx="3" fill="#000" />
          {/* An apple drawn in two strokes: the fruit and its leaf. */}
          <path
            d="M10.6 9.2c-1.9 0-3 1.5-3 3.4 0 2.2 1.4 4.6 2.6 4.6.6 0 .9-.4 1.6-.4s1 .4 1.6.4c1.1 0 2.3-2.1 2.5-3.6-1-.4-1.5-1.3-1.5-2.3 0-.9.5-1.6 1.1-2-.5-.7-1.3-1.1-2.1-1.1-.7 0-1.2.4-1.6.4s-.9-.4-1.6-.4z"
            fill="#fff"
          />
          <path d="M12.2 8.8c.1-.9.7-1.7 1.6-1.9-.1.9-.7 1.7-1.6 1.9z" fill="#fff" />
          <text
            x="26.5"
            y="16"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="10"
            fontWeight="700"
            fill="#fff"
          >
            {WORDMARK.apple_pay}
          </text>
        </svg>
      );
  }
}

/** A method's mark beside its choice: the accepted cards' marks for card, else the method's own. */
export function MethodMark({
  method,
  cardBrands,
}: {
  method: PayMethod;
  cardBrands: readonly CardBrand[] | null;
}) {
  if (method !== 'card') return <WalletOrPayPalMark method={method} />;
  return (
    <>
      {(cardBrands ?? []).map((brand) => (
        <CardMark key={brand} brand={brand} />
      ))}
    </>
  );
}
