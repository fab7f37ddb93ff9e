import { useEffect, useLayoutEffect, useRef } from 'react';
import { Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { object, string } from 'yup';
import { isOrderNumber, normaliseOrderNumber } from '@contract/orderNumber';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { TextField } from '@/components/form/TextField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { emailSchema } from '@/components/form/validation/contactSchema';
import { fieldMessage } from '@/components/form/validation/fieldMessage';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { watchFindTickets } from './findTicketsSaga';
import { findTicketsLeft, selectFindTickets, ticketsRequested } from './findTicketsSlice';

type Values = { email: string; orderNumber: string };

const schema = object({
  email: emailSchema(),
  orderNumber: string()
    .trim()
    .required(fieldMessage('findTickets.orderNumber.required'))
    .test('order-number', fieldMessage('findTickets.orderNumber.invalid'), (value) =>
      isOrderNumber(value ?? ''),
    ),
});

const SAGAS = [watchFindTickets];

/**
 * /find-tickets (issue 25): a guest who lost the confirmation email types the address they
 * booked with and the order number, and the email is sent again. The service answers the same
 * whether or not the pair matches an order, so the page says "if".
 */
export default function FindTicketsPage() {
  useSagas(SAGAS);
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { status, email, error } = useAppSelector(selectFindTickets);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'findTickets.heading' }));

  // A later visit starts with the form again.
  useEffect(() => () => void dispatch(findTicketsLeft()), [dispatch]);
  useLayoutEffect(() => {
    if (status === 'sent') resultHeading.current?.focus();
  }, [status]);

  const submit = (values: Values) => {
    dispatch(
      ticketsRequested({
        email: values.email.trim(),
        orderNumber: normaliseOrderNumber(values.orderNumber.trim()),
      }),
    );
  };

  return (
    <Narrow>
      <PageHeading>
        <span id="find-tickets-heading">
          <FormattedMessage id="findTickets.heading" />
        </span>
      </PageHeading>
      {status === 'sent' ? (
        <Result role="status">
          <ResultHeading ref={resultHeading} tabIndex={-1}>
            <FormattedMessage id="findTickets.sent.title" />
          </ResultHeading>
          <p>
            <FormattedMessage
              id="findTickets.sent.body"
              values={{ email: <strong>{email}</strong> }}
            />
          </p>
          <p>
            <FormattedMessage id="findTickets.sent.spam" />
          </p>
        </Result>
      ) : (
        <>
          <p>
            <FormattedMessage id="findTickets.intro" />
          </p>
          <Formik
            initialValues={{ email: '', orderNumber: '' }}
            validate={validateWithSchema<Values>(schema)}
            onSubmit={submit}
          >
            <CheckoutForm aria-labelledby="find-tickets-heading">
              <TextField
                name="email"
                label="findTickets.email.label"
                type="email"
                autoComplete="email"
                spellCheck={false}
              />
              <TextField
                name="orderNumber"
                label="findTickets.orderNumber.label"
                hint="findTickets.orderNumber.hint"
                autoComplete="off"
                spellCheck={false}
                width="short"
              />
              {status === 'failed' && (
                <Problem role="alert">
                  <FormattedMessage
                    id={
                      error === 'rate_limited'
                        ? 'findTickets.error.rateLimited'
                        : 'findTickets.error.retry'
                    }
                  />
                </Problem>
              )}
              <PrimaryButton type="submit" aria-disabled={status === 'sending' || undefined}>
                <FormattedMessage id="findTickets.submit" />
              </PrimaryButton>
            </CheckoutForm>
          </Formik>
        </>
      )}
    </Narrow>
  );
}

const Narrow = styled.div`
  max-width: 32rem;
`;

const ResultHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

const Result = styled.div`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successSurface};

  p {
    margin: 0;
  }

  p + p {
    margin-top: ${({ theme }) => theme.space[2]}px;
  }
`;

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
`;
