import { useEffect, useState, type ReactNode } from 'react';
import { StickyActions } from '@/components/form/StickyActions';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { Basket, UpsellOffer } from '@contract/api/basket';
import { UPSELL_MAX_QUANTITY } from '@contract/api/constants';
import { PrimaryButton } from '@/components/Button';
import { LoadingBlock } from '@/components/LoadingBlock';
import { VisuallyHidden } from '@/theme/VisuallyHidden';
import { BasketProblem } from '@/features/checkout/BasketProblem';
import { CheckoutStepFrame } from '@/features/checkout/CheckoutStepFrame';
import { useBasket } from '@/features/checkout/useBasket';
import { useContinueAfterSave } from '@/features/checkout/useContinueAfterSave';
import { nextStep, stepPath } from '@/features/checkout/checkoutSteps';
import { formatMoney } from '@/i18n/format';
import { offerGroups, offerName } from './offers';
import { QuantityStepper } from './QuantityStepper';

type Quantities = Record<string, number>;

const chosenQuantities = (basket: Basket): Quantities =>
  Object.fromEntries(basket.extras.map((extra) => [extra.upsellId, extra.quantity]));

/**
 * Extras (spec §2 "upsells"): the programmes, drinks and bistro dinners this hold is offered,
 * each with a quantity stepper. Every change is saved at once, so the price drawer shows the
 * server's new total; a hold offered nothing skips the step.
 */
export default function ExtrasPage() {
  const { basket, save, saving, saveError, retry } = useBasket();
  const navigate = useNavigate();
  const skip = basket !== null && basket.upsellsOffered.length === 0;

  useEffect(() => {
    // Replace, so Back from the next step does not land here only to be sent on again.
    if (skip) void navigate(stepPath(nextStep('extras', basket)), { replace: true });
  }, [skip, basket, navigate]);

  return (
    <CheckoutStepFrame
      step="extras"
      headingId="steps.upsells.heading"
      subheadingId="steps.upsells.subheading"
    >
      {basket === null || skip ? (
        <LoadingBlock minHeight="16rem" />
      ) : (
        <ExtrasForm
          basket={basket}
          save={(upsells) => save({ upsells })}
          saving={saving}
          saveFailed={saveError !== null}
          problem={
            saveError === null ? null : <BasketProblem error={saveError} onRetry={retry} change />
          }
        />
      )}
    </CheckoutStepFrame>
  );
}

type FormProps = {
  basket: Basket;
  save: (upsells: { id: string; quantity: number }[]) => void;
  saving: boolean;
  saveFailed: boolean;
  problem: ReactNode;
};

function ExtrasForm({ basket, save, saving, saveFailed, problem }: FormProps) {
  const intl = useIntl();
  // The buyer's quantities (form state); the basket from the server prices them.
  const [quantities, setQuantities] = useState<Quantities>(() => chosenQuantities(basket));
  // A basket read afresh (the step reopened, another tab changed it) resets the steppers to
  // what the server holds, but never under a change still saving or one that failed.
  const [shown, setShown] = useState(basket);
  if (basket !== shown && !saving && !saveFailed) {
    setShown(basket);
    setQuantities(chosenQuantities(basket));
  }
  const [lastChanged, setLastChanged] = useState<UpsellOffer | null>(null);
  const { continueTo, waiting } = useContinueAfterSave(saving, saveFailed);

  const change = (offer: UpsellOffer, quantity: number) => {
    const next = { ...quantities, [offer.id]: quantity };
    setQuantities(next);
    setLastChanged(offer);
    save(basket.upsellsOffered.map(({ id }) => ({ id, quantity: next[id] ?? 0 })));
  };

  const total = formatMoney(intl, { amount: basket.total, currency: basket.currency });
  return (
    <>
      {offerGroups(basket.upsellsOffered).map(({ kind, offers }) => (
        <Group key={kind} aria-labelledby={`extras-${kind}`}>
          <h2 id={`extras-${kind}`}>
            <FormattedMessage id={`upsells.kind.${kind}`} />
          </h2>
          <Offers>
            {offers.map((offer) => {
              const nameId = `extra-${offer.id}`;
              const name = offerName(intl, offer);
              return (
                <Offer key={offer.id}>
                  <div>
                    <h3 id={nameId}>{name}</h3>
                    <p>{offer.description}</p>
                    <Price>
                      <FormattedMessage
                        id="upsells.priceEach"
                        values={{
                          price: formatMoney(intl, {
                            amount: offer.unitPrice,
                            currency: basket.currency,
                          }),
                        }}
                      />
                    </Price>
                  </div>
                  <QuantityStepper
                    name={name}
                    labelledBy={nameId}
                    value={quantities[offer.id] ?? 0}
                    max={UPSELL_MAX_QUANTITY}
                    onChange={(quantity) => change(offer, quantity)}
                  />
                </Offer>
              );
            })}
          </Offers>
        </Group>
      ))}
      {/* Spoken after each change, once the server has priced it. */}
      <VisuallyHidden role="status">
        {saving ? (
          <FormattedMessage id="upsells.saving" />
        ) : lastChanged !== null && !saveFailed ? (
          <FormattedMessage
            id="upsells.announce"
            values={{
              name: offerName(intl, lastChanged),
              quantity: quantities[lastChanged.id] ?? 0,
              total,
            }}
          />
        ) : null}
      </VisuallyHidden>
      {problem}
      <StickyActions>
        <PrimaryButton
          type="button"
          aria-disabled={waiting}
          onClick={() => !waiting && continueTo(stepPath(nextStep('extras', basket)))}
        >
          <FormattedMessage id="upsells.continue" />
        </PrimaryButton>
      </StickyActions>
    </>
  );
}

const Group = styled.section`
  margin-bottom: ${({ theme }) => theme.space[5]}px;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.h2};
  }
`;

const Offers = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Offer = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[4]}px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }

  p {
    margin: ${({ theme }) => theme.space[1]}px 0 0;
  }
`;

const Price = styled.p`
  font-weight: 600;
`;
