import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { SLUG_PATTERN } from '@contract/patterns';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import type { MessageId } from '@/i18n/messageIds';
import { codeEntered, isApplied, selectPromoEntry, type PromoEntry } from './promoSlice';

type Props = {
  venueSlug: string;
  titleSlug: string;
  /** Venue flag `manualPromocodePromptOnCalendar`: offer a field to type a code in. */
  manualPrompt: boolean;
  /**
   * The buyer confirmed removing the code: the page drops it (and any `?pc=` in its address,
   * first, so the link does not apply it again).
   */
  onRemove: () => void;
};

/** What the buyer is told about their code (spec §5 "Promo code" messages and §4 outcomes). */
function messageFor(entry: PromoEntry | undefined): { id: MessageId; isError: boolean } | null {
  switch (entry?.status) {
    case 'applied':
      return { id: 'promo.unlocked', isError: false };
    case 'notQualified':
      return { id: 'presale.notQualified', isError: true };
    // Issue 15: a gift voucher or gift card number, kept for the payment step (calendarSaga).
    case 'giftVoucher':
      return { id: 'vouchers.promo.recognised', isError: false };
    case 'invalid':
    case 'expired':
      // A bad link has its own page; only a typed code is answered here.
      return entry.source === 'manual' ? { id: 'validation.promo.retry', isError: true } : null;
    // Issue 24: a single-use code an order has redeemed, typed or linked: the calendar still
    // shows every date, so this is said here rather than on the bad-link page.
    case 'used':
      return { id: 'promo.error.singleUse', isError: true };
    case 'notForEvent':
      return entry.source === 'manual'
        ? { id: 'validation.promo.notForEvent', isError: true }
        : null;
    default:
      return null;
  }
}

/**
 * The buyer's code on the calendar: the applied code with a way to remove it (confirmed first,
 * spec §4), or, where the venue asks for it, a field to enter one. One polite live region
 * carries every outcome, so "applied" and "invalid" are both heard.
 */
export function PromoPanel({ venueSlug, titleSlug, manualPrompt, onRemove }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => selectPromoEntry(state, venueSlug, titleSlug));
  const [confirming, setConfirming] = useState(false);
  const [value, setValue] = useState('');
  const [malformed, setMalformed] = useState(false);
  const fieldId = useId();
  const messageId = useId();
  const applied = isApplied(entry);
  const outcome = malformed
    ? { id: 'validation.promo.invalid' as const, isError: true }
    : messageFor(entry);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (entry?.status === 'checking') return;
    // Printed voucher numbers come in groups ("GV20 0012 34"); no promo code has a space.
    const code = value.trim().replace(/\s+/g, '');
    if (!SLUG_PATTERN.test(code)) {
      setMalformed(true);
      return;
    }
    setMalformed(false);
    dispatch(codeEntered({ venueSlug, titleSlug, code, source: 'manual' }));
  };

  const remove = () => {
    setConfirming(false);
    setValue('');
    onRemove();
  };

  return (
    <Panel>
      <Message id={messageId} role="status" $isError={outcome?.isError ?? false}>
        {outcome !== null && intl.formatMessage({ id: outcome.id })}
      </Message>
      {applied && (
        <Applied>
          <span>{intl.formatMessage({ id: 'promo.applied.code' }, { code: entry.label })}</span>
          <SecondaryButton type="button" onClick={() => setConfirming(true)}>
            {intl.formatMessage({ id: 'promo.remove.button' })}
          </SecondaryButton>
        </Applied>
      )}
      {!applied && manualPrompt && (
        <Form noValidate onSubmit={submit}>
          <label htmlFor={fieldId}>{intl.formatMessage({ id: 'promo.code.label' })}</label>
          <Field>
            <input
              id={fieldId}
              name="promoCode"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={255}
              aria-invalid={outcome?.isError ?? false}
              aria-describedby={outcome?.isError ? messageId : undefined}
            />
            <PrimaryButton type="submit" aria-disabled={entry?.status === 'checking'}>
              {intl.formatMessage({ id: 'promo.apply' })}
            </PrimaryButton>
          </Field>
        </Form>
      )}
      <Dialog
        open={confirming}
        title={intl.formatMessage({ id: 'promo.remove.confirm.title' })}
        onDismiss={() => setConfirming(false)}
        actions={
          <>
            <SecondaryButton type="button" onClick={() => setConfirming(false)}>
              {intl.formatMessage({ id: 'promo.remove.confirm.keep' })}
            </SecondaryButton>
            <PrimaryButton type="button" onClick={remove}>
              {intl.formatMessage({ id: 'promo.remove.confirm.remove' })}
            </PrimaryButton>
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'promo.remove.confirm.body' })}</p>
      </Dialog>
    </Panel>
  );
}

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-block: ${({ theme }) => theme.space[4]}px;
`;

const Message = styled.p<{ $isError: boolean }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $isError }) => ($isError ? theme.colors.error : theme.colors.success)};
`;

const Applied = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;
  max-width: 28rem;

  label {
    font-weight: 600;
  }
`;

const Field = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;

  input {
    flex: 1;
    min-height: ${({ theme }) => theme.minTarget};
    padding: 0 ${({ theme }) => theme.space[3]}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;
