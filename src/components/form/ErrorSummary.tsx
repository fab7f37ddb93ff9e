import { useId, type MouseEvent } from 'react';
import { getIn, useFormikContext } from 'formik';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { isFieldMessage } from '@/components/form/validation/fieldMessage';
import { FieldMessageText } from './FieldMessageText';
import { ERROR_SUMMARY_MARKER, fieldId } from './fieldIds';
import { formColours } from './formColours';

type Props = {
  /** The form's field names in the order they appear on the page, so the list reads top to bottom. */
  fields: readonly string[];
};

/**
 * After a failed submit: every problem in one list at the top of the form, each a link that
 * moves to its field. Hidden until the buyer has tried to submit, so typing is never interrupted.
 */
export function ErrorSummary({ fields }: Props) {
  const { errors, submitCount } = useFormikContext();
  const titleId = useId();
  if (submitCount === 0) return null;
  const problems = fields.flatMap((name) => {
    const message: unknown = getIn(errors, name);
    return isFieldMessage(message) ? [{ name, message }] : [];
  });
  if (problems.length === 0) return null;

  const focusField = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    const target = document.getElementById(fieldId(name));
    if (target === null) return;
    // Focus, not only scroll, so typing goes straight into the field the buyer chose.
    event.preventDefault();
    target.focus();
  };

  return (
    <SummaryBox tabIndex={-1} aria-labelledby={titleId} {...{ [ERROR_SUMMARY_MARKER]: true }}>
      <SummaryTitle id={titleId}>
        <FormattedMessage id="form.errorSummary.title" />
      </SummaryTitle>
      <ul>
        {problems.map(({ name, message }) => (
          <li key={name}>
            <a href={`#${fieldId(name)}`} onClick={(event) => focusField(event, name)}>
              <FieldMessageText message={message} />
            </a>
          </li>
        ))}
      </ul>
    </SummaryBox>
  );
}

const SummaryBox = styled.div`
  margin: 0 0 ${({ theme }) => theme.space[6]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 4px solid ${({ theme }) => formColours(theme).errorBorder};
  border-radius: ${({ theme }) => theme.radius};

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[5]}px;
  }

  a {
    color: ${({ theme }) => formColours(theme).errorText};
    font-weight: 600;
  }
`;

const SummaryTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;
