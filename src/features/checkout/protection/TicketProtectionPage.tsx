import { useEffect, type ReactNode } from 'react';
import { StickyActions } from '@/components/form/StickyActions';
import { Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { Basket, TicketProtectionLine } from '@contract/api/basket';
import { useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { LoadingBlock } from '@/components/LoadingBlock';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { legacyUrl } from '@/components/layout/legalLinks';
import { getVenue } from '@/config/venues';
import { BasketProblem } from '@/features/checkout/BasketProblem';
import { CheckoutStepFrame, useVenueFlags } from '@/features/checkout/CheckoutStepFrame';
import { useBasket } from '@/features/checkout/useBasket';
import { useContinueAfterSave } from '@/features/checkout/useContinueAfterSave';
import { nextStep, stepPath } from '@/features/checkout/checkoutSteps';
import { selectReservation } from '@/features/hold/reservationSlice';
import { formatMoney } from '@/i18n/format';
import type { MessageId } from '@/i18n/messageIds';
import { useVariation } from '@/features/experiments/useVariation';
import { ProtectionCards } from './ProtectionCards';
import { protectionSchema, PROTECTION_FIELD, type ProtectionValues } from './protectionSchema';

const TERMS_PATH = '/legal/terms-of-sale/ticket-protection-program/';

/**
 * Ticket refund protection (spec §2, §9): the fixed product, its fee per ticket and for the
 * order, what it covers, and an explicit yes or no (nothing chosen for the buyer). Continue saves
 * the answer, then goes on. A basket without the product (no fee in its currency) skips the step.
 */
export default function TicketProtectionPage() {
  const { basket, save, saving, saveError, retry } = useBasket();
  const navigate = useNavigate();
  const protection = basket?.ticketProtection ?? null;
  const skip = basket !== null && protection === null;

  useEffect(() => {
    if (skip) void navigate(stepPath(nextStep('ticketProtection', basket)), { replace: true });
  }, [skip, basket, navigate]);

  return (
    <CheckoutStepFrame
      step="ticketProtection"
      headingId="steps.ticketProtection.heading"
      subheadingId="steps.ticketProtection.subheading"
    >
      {basket === null || protection === null ? (
        <LoadingBlock minHeight="16rem" />
      ) : (
        <ProtectionForm
          basket={basket}
          protection={protection}
          save={(choice) => save({ ticketProtection: choice })}
          saving={saving}
          saveFailed={saveError !== null}
        >
          {saveError === null ? null : <BasketProblem error={saveError} onRetry={retry} change />}
        </ProtectionForm>
      )}
    </CheckoutStepFrame>
  );
}

type FormProps = {
  basket: Basket;
  protection: TicketProtectionLine;
  save: (choice: 'yes' | 'no') => void;
  saving: boolean;
  saveFailed: boolean;
  children: ReactNode;
};

function ProtectionForm({ basket, protection, save, saving, saveFailed, children }: FormProps) {
  const intl = useIntl();
  const { venueSlug } = useAppSelector(selectReservation);
  const venue = venueSlug === undefined ? undefined : getVenue(venueSlug);
  const { shouldShowTpUxChanges } = useVenueFlags();
  // The tpCopy experiment words the question two ways; which one a buyer saw goes to dataLayer.
  const question: MessageId =
    useVariation('tpCopy') === 'b' ? 'ticketProtection.question.b' : 'ticketProtection.question';
  const { continueTo, waiting } = useContinueAfterSave(saving, saveFailed);
  const money = (amount: number) => formatMoney(intl, { amount, currency: basket.currency });
  const fee = money(protection.feePerTicket);
  const total = money(protection.feePerTicket * protection.tickets);
  const next = stepPath(nextStep('ticketProtection', basket));
  const saved = protection.choice === 'undecided' ? '' : protection.choice;

  return (
    <>
      <Product>
        <p>
          <FormattedMessage id="ticketProtection.product.description" />
        </p>
        <Fee>
          <FormattedMessage id="ticketProtection.product.fee" values={{ fee }} />
        </Fee>
        <p>
          <FormattedMessage
            id="ticketProtection.total"
            values={{ tickets: protection.tickets, total }}
          />
        </p>
        <h2>
          <FormattedMessage id="ticketProtection.covers.heading" />
        </h2>
        <ul>
          <li>
            <FormattedMessage id="ticketProtection.covers.bookingFees" />
          </li>
          <li>
            <FormattedMessage id="ticketProtection.covers.relocation" />
          </li>
        </ul>
        {venue === undefined ? null : (
          <p>
            <FormattedMessage
              id="ticketProtection.covers.terms"
              values={{
                link: (text) => (
                  <a
                    href={legacyUrl(venue.settings.legacySiteUrl, TERMS_PATH)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {text}
                  </a>
                ),
              }}
            />
          </p>
        )}
      </Product>
      <Formik<ProtectionValues>
        initialValues={{ [PROTECTION_FIELD]: saved }}
        validate={validateWithSchema<ProtectionValues>(protectionSchema)}
        onSubmit={(values) => {
          const choice = values[PROTECTION_FIELD];
          if (choice !== 'yes' && choice !== 'no') return;
          if (choice !== saved) save(choice);
          continueTo(next);
        }}
      >
        <CheckoutForm>
          {shouldShowTpUxChanges ? (
            <ProtectionCards fee={fee} total={total} question={question} />
          ) : (
            <RadioGroupField
              name={PROTECTION_FIELD}
              legend={question}
              options={[
                {
                  value: 'yes',
                  label: 'ticketProtection.choice.yes',
                  hint: {
                    text: intl.formatMessage(
                      { id: 'ticketProtection.choice.yesDetail' },
                      { fee, total },
                    ),
                  },
                },
                {
                  value: 'no',
                  label: 'ticketProtection.choice.no',
                  hint: 'ticketProtection.choice.noDetail',
                },
              ]}
            />
          )}
          {children}
          <StickyActions>
            <PrimaryButton type="submit" aria-disabled={waiting}>
              <FormattedMessage id="ticketProtection.continue" />
            </PrimaryButton>
          </StickyActions>
        </CheckoutForm>
      </Formik>
    </>
  );
}

const Product = styled.div`
  margin-bottom: ${({ theme }) => theme.space[5]}px;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }
`;

const Fee = styled.p`
  font-weight: 600;
`;
