import { ErrorPage } from '@/components/errors/ErrorPage';

type Props = { onContinue: () => void };

/** A `?pc=` link whose code is unknown, expired or for another event (spec §2 "invalid promo link page"). */
export function InvalidPromoLinkPage({ onContinue }: Props) {
  return (
    <ErrorPage
      titleId="promo.link.invalid.title"
      bodyId="promo.link.invalid.body"
      action={{ labelId: 'promo.link.invalid.continue', onClick: onContinue }}
    />
  );
}
