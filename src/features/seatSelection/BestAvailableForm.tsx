import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { formatMoney } from '@/i18n/format';

export interface BestAvailableChoice {
  quantity: number;
  priceBand?: string;
  section?: string;
  accessible?: boolean;
}

/** Most bookings are for two: the number the form starts at, within the venue's limit. */
export const bestAvailableStart = (limit: number) => Math.max(1, Math.min(2, limit));

type Props = {
  /** The form's id: its submit button is the selection bar's, outside the form. */
  id: string;
  plan: SeatingPlan;
  seatStatus: SeatStatus;
  onSubmit: (choice: BestAvailableChoice) => void;
  /** Each change of the number of tickets, so the selection bar can say it. */
  onQuantityChange: (quantity: number) => void;
};

/**
 * "Best available": the buyer says how many and, if they like, which price and area; the server
 * picks the seats and the next step shows exactly which before anything is paid.
 */
export function BestAvailableForm({ id, plan, seatStatus, onSubmit, onQuantityChange }: Props) {
  const intl = useIntl();
  const ids = { quantity: useId(), band: useId(), section: useId(), accessible: useId() };
  const [quantity, setQuantity] = useState(() => bestAvailableStart(seatStatus.seatSelectionLimit));
  const [band, setBand] = useState('');
  const [section, setSection] = useState('');
  const [accessible, setAccessible] = useState(false);
  const limit = seatStatus.seatSelectionLimit;
  const priced = plan.bands.flatMap((b) => {
    const price = seatStatus.prices.find((p) => p.band === b.code)?.price;
    return price === undefined ? [] : [{ ...b, price }];
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      quantity,
      ...(band ? { priceBand: band } : {}),
      ...(section ? { section } : {}),
      ...(accessible ? { accessible } : {}),
    });
  };

  return (
    <Form id={id} onSubmit={submit}>
      <Field>
        <label htmlFor={ids.quantity}>
          <FormattedMessage id="tickets.bestAvailable.quantity" />
        </label>
        <select
          id={ids.quantity}
          value={quantity}
          onChange={(event) => {
            setQuantity(Number(event.target.value));
            onQuantityChange(Number(event.target.value));
          }}
        >
          {Array.from({ length: limit }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </Field>
      <Field>
        <label htmlFor={ids.band}>
          <FormattedMessage id="tickets.bestAvailable.band" />
        </label>
        <select id={ids.band} value={band} onChange={(event) => setBand(event.target.value)}>
          <option value="">{intl.formatMessage({ id: 'tickets.bestAvailable.anyBand' })}</option>
          {priced.map((b) => (
            <option key={b.code} value={b.code}>
              {intl.formatMessage(
                { id: 'tickets.bestAvailable.bandOption' },
                {
                  band: b.name,
                  price: formatMoney(intl, { amount: b.price, currency: seatStatus.currency }),
                },
              )}
            </option>
          ))}
        </select>
      </Field>
      <Field>
        <label htmlFor={ids.section}>
          <FormattedMessage id="tickets.bestAvailable.section" />
        </label>
        <select
          id={ids.section}
          value={section}
          onChange={(event) => setSection(event.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'tickets.bestAvailable.anySection' })}</option>
          {plan.sections.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      <Check>
        <input
          id={ids.accessible}
          type="checkbox"
          checked={accessible}
          onChange={(event) => setAccessible(event.target.checked)}
        />
        <label htmlFor={ids.accessible}>
          <FormattedMessage id="tickets.bestAvailable.accessible" />
        </label>
      </Check>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;

  select {
    min-height: ${({ theme }) => theme.minTarget};
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.body};
  }
`;

const Check = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;

  input {
    width: 24px;
    height: 24px;
  }
`;
