import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { CARD_BRAND_NAMES, type CardBrand } from '@contract/cards';

/** The wordmarks as printed on the cards: brand names, never translated. */
const WORDMARK = { visa: 'VISA', debit: 'DEBIT', amex: 'AMEX' } as const;

/** Each network's mark, drawn here (no image host): small enough to sit in the form's flow. */
export function CardMark({ brand }: { brand: CardBrand }) {
  const common = {
    role: 'img',
    'aria-label': CARD_BRAND_NAMES[brand],
    viewBox: '0 0 38 24',
    width: 38,
    height: 24,
    focusable: false,
  } as const;
  switch (brand) {
    case 'visa':
    case 'visa-debit':
      return (
        <svg {...common}>
          <rect x="0.5" y="0.5" width="37" height="23" rx="3" fill="#fff" stroke="#767676" />
          <text
            x="19"
            y={brand === 'visa' ? 16 : 13}
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="11"
            fontStyle="italic"
            fontWeight="700"
            fill="#1a1f71"
          >
            {WORDMARK.visa}
          </text>
          {brand === 'visa-debit' ? (
            <text
              x="19"
              y="20.5"
              textAnchor="middle"
              fontFamily="Arial, sans-serif"
              fontSize="6"
              fontWeight="700"
              fill="#1a1f71"
            >
              {WORDMARK.debit}
            </text>
          ) : null}
        </svg>
      );
    case 'mastercard':
      return (
        <svg {...common}>
          <rect x="0.5" y="0.5" width="37" height="23" rx="3" fill="#fff" stroke="#767676" />
          <circle cx="15" cy="12" r="7" fill="#eb001b" />
          <circle cx="23" cy="12" r="7" fill="#f79e1b" />
          <path d="M19 6.2a7 7 0 0 1 0 11.6a7 7 0 0 1 0-11.6z" fill="#ff5f00" />
        </svg>
      );
    case 'amex':
      return (
        <svg {...common}>
          <rect width="38" height="24" rx="3" fill="#016fd0" />
          <text
            x="19"
            y="15.5"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="9.5"
            fontWeight="700"
            fill="#fff"
          >
            {WORDMARK.amex}
          </text>
        </svg>
      );
  }
}

/**
 * "Cards accepted" and the marks of the cards these seats accept, in the form's order, each
 * named for assistive technology. Once the number typed names
 * a network, its mark is ringed and the others fade, as a card terminal shows which card it
 * read; the ring is `aria-current`, so assistive technology hears it too.
 */
export function CardMarks({
  brands,
  detected,
}: {
  brands: readonly CardBrand[];
  detected: CardBrand | null;
}) {
  const labelId = useId();
  const known = detected !== null && brands.includes(detected);
  return (
    <Accepted>
      <AcceptedLabel id={labelId}>
        <FormattedMessage id="payment.card.marks.label" />
      </AcceptedLabel>
      <Marks aria-labelledby={labelId}>
        {brands.map((brand) => {
          const current = known && brand === detected;
          return (
            <MarkItem
              key={brand}
              aria-current={current || undefined}
              $state={!known ? 'idle' : current ? 'current' : 'other'}
            >
              <CardMark brand={brand} />
            </MarkItem>
          );
        })}
      </Marks>
    </Accepted>
  );
}

/** The label and the marks on one line (wrapping on the narrowest screens). */
const Accepted = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
`;

const AcceptedLabel = styled.span`
  font-weight: 600;
`;

const Marks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MarkItem = styled.li<{ $state: 'idle' | 'current' | 'other' }>`
  display: flex;
  padding: 2px;
  border-radius: 5px;
  outline: ${({ theme, $state }) =>
    $state === 'current' ? `2px solid ${theme.colors.accentText}` : 'none'};
  opacity: ${({ $state }) => ($state === 'other' ? 0.35 : 1)};
  transition: opacity 0.15s;

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
