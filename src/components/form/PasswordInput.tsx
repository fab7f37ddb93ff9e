import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';
import { FieldMessageText } from '@/components/form/FieldMessageText';
import {
  FieldErrorText,
  FieldHint,
  FieldLabel,
  FieldRow,
  TextInput,
} from '@/components/form/FieldParts';
import { INVALID_MARKER } from '@/components/form/fieldIds';
import { useFieldState } from '@/components/form/useFieldState';
import type { MessageId } from '@/i18n/messageIds';
import { VisuallyHidden } from '@/theme/VisuallyHidden';

type Props = {
  name: string;
  label: MessageId;
  /** `current-password` to sign in or confirm; `new-password` lets a manager offer one. */
  autoComplete: 'current-password' | 'new-password';
  /** The rule, stated before the buyer types rather than after a refusal. */
  hint?: ReactNode;
};

/**
 * A password field for every form that takes one (sign-in, sign-up, the confirmation's sign-up
 * panel, reset, change), with a show/hide button (a long passphrase is easier to get right when it can be
 * read back). Hidden again whenever the form is sent, so a password manager sees a password
 * field leave.
 */
export function PasswordInput({ name, label, autoComplete, hint }: Props) {
  const state = useFieldState<string>(name, hint !== undefined);
  const [visible, setVisible] = useState(false);
  // Said only after a press of the button: on arrival the field's type already tells.
  const [toggled, setToggled] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const hide = () => setVisible(false);
    form.addEventListener('submit', hide, { capture: true });
    return () => form.removeEventListener('submit', hide, { capture: true });
  }, []);
  return (
    <FieldRow>
      <FieldLabel htmlFor={state.id}>
        <FormattedMessage id={label} />
      </FieldLabel>
      {hint !== undefined && <FieldHint id={state.hintId}>{hint}</FieldHint>}
      {state.error !== undefined && (
        <FieldErrorText id={state.errorId}>
          <FieldMessageText message={state.error} />
        </FieldErrorText>
      )}
      <Row>
        <TextInput
          {...state.field}
          ref={input}
          value={state.field.value ?? ''}
          id={state.id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required
          aria-invalid={state.invalid || undefined}
          aria-describedby={state.describedBy}
          {...{ [INVALID_MARKER]: state.invalid || undefined }}
          $invalid={state.invalid}
        />
        <ToggleButton
          type="button"
          aria-controls={state.id}
          onClick={() => {
            setToggled(true);
            setVisible((shown) => !shown);
          }}
        >
          <FormattedMessage
            id={visible ? 'signUp.panel.password.hide' : 'signUp.panel.password.show'}
          />
        </ToggleButton>
      </Row>
      <VisuallyHidden aria-live="polite">
        {toggled && (
          <FormattedMessage
            id={visible ? 'signUp.panel.password.shown' : 'signUp.panel.password.hidden'}
          />
        )}
      </VisuallyHidden>
    </FieldRow>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: stretch;
  gap: ${({ theme }) => theme.space[2]}px;

  input {
    flex: 1 1 16rem;
  }
`;

const ToggleButton = styled(SecondaryButton)`
  flex: none;

  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;
