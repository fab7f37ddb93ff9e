import type { ChangeEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { FieldMessageText } from '@/components/form/FieldMessageText';
import { FieldErrorText, Fieldset, InvalidBar, Legend } from '@/components/form/FieldParts';
import { INVALID_MARKER, fieldId } from '@/components/form/fieldIds';
import { formColours } from '@/components/form/formColours';
import { useFieldState } from '@/components/form/useFieldState';
import type { MessageId } from '@/i18n/messageIds';
import { PROTECTION_FIELD } from './protectionSchema';

type Props = {
  fee: string;
  total: string;
  /** The fieldset's legend (the tpCopy experiment's wording). */
  question: MessageId;
};

type Card = {
  value: 'yes' | 'no';
  title: MessageId;
  detail: MessageId;
  recommended: boolean;
};

const CARDS: readonly Card[] = [
  {
    value: 'yes',
    title: 'ticketProtection.choice.yes',
    detail: 'ticketProtection.choice.yesDetail',
    recommended: true,
  },
  {
    value: 'no',
    title: 'ticketProtection.choice.no',
    detail: 'ticketProtection.choice.noDetail',
    recommended: false,
  },
];

/**
 * The newer layout (shouldShowTpUxChanges): the same yes-or-no radio group as two cards side by
 * side, yes marked "Recommended". Each whole card is the radio's label, so it is one large
 * target; the inputs stay real radios (arrow keys, the group's name and error) for everyone.
 */
export function ProtectionCards({ fee, total, question }: Props) {
  const state = useFieldState<string>(PROTECTION_FIELD, false);
  const chosen = state.field.value ?? '';
  const focusIndex = Math.max(
    0,
    CARDS.findIndex((card) => card.value === chosen),
  );
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    void state.helpers.setValue(event.target.value);
  };
  return (
    <Fieldset aria-describedby={state.describedBy}>
      <Legend>
        <FormattedMessage id={question} />
      </Legend>
      <InvalidBar $invalid={state.invalid}>
        {state.error !== undefined && (
          <FieldErrorText id={state.errorId}>
            <FieldMessageText message={state.error} />
          </FieldErrorText>
        )}
        <Cards>
          {CARDS.map((card, index) => {
            const id = index === 0 ? state.id : fieldId(`${PROTECTION_FIELD}-${card.value}`);
            // Named by the title alone; the badge and the price are its description.
            const describedBy = [card.recommended ? `${id}-badge` : null, `${id}-detail`]
              .filter((part) => part !== null)
              .join(' ');
            return (
              <CardLabel key={card.value} htmlFor={id} $checked={chosen === card.value}>
                <input
                  type="radio"
                  id={id}
                  name={PROTECTION_FIELD}
                  value={card.value}
                  checked={chosen === card.value}
                  onChange={onChange}
                  onBlur={state.field.onBlur}
                  aria-labelledby={`${id}-title`}
                  aria-describedby={describedBy}
                  {...{ [INVALID_MARKER]: (state.invalid && index === focusIndex) || undefined }}
                />
                <CardText>
                  {card.recommended ? (
                    <Badge id={`${id}-badge`}>
                      <FormattedMessage id="ticketProtection.recommended" />
                    </Badge>
                  ) : null}
                  <CardTitle id={`${id}-title`}>
                    <FormattedMessage id={card.title} />
                  </CardTitle>
                  <span id={`${id}-detail`}>
                    <FormattedMessage id={card.detail} values={{ fee, total }} />
                  </span>
                </CardText>
              </CardLabel>
            );
          })}
        </Cards>
      </InvalidBar>
    </Fieldset>
  );
}

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-top: ${({ theme }) => theme.space[2]}px;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const CardLabel = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: ${({ $checked }) => ($checked ? 3 : 1)}px solid
    ${({ theme, $checked }) => ($checked ? formColours(theme).checked : formColours(theme).controlBorder)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => formColours(theme).page};
  cursor: pointer;

  input {
    flex: none;
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => formColours(theme).checked};
  }

  &:focus-within {
    outline: ${({ theme }) => theme.focusRingWidth} solid
      ${({ theme }) => formColours(theme).focusRing};
    outline-offset: 2px;
  }
`;

const CardText = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
`;

const CardTitle = styled.span`
  font-weight: 600;
`;

const Badge = styled.span`
  align-self: flex-start;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 600;
`;
