import styled, { css } from 'styled-components';
import { formColours } from './formColours';

/** Styled parts shared by every field component; each is named by its role in a field. */

export const FieldRow = styled.div`
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
`;

export const FieldLabel = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space[1]}px;
  font-weight: 600;
  color: ${({ theme }) => formColours(theme).text};
`;

export const FieldHint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => formColours(theme).hint};
`;

export const FieldErrorText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[1]}px;
  font-weight: 600;
  color: ${({ theme }) => formColours(theme).errorText};
`;

/** Text inputs and selects: a 2px edge that turns the error colour, plus a thicker left bar so the state is not told by colour alone. */
const controlStyles = css<{ $invalid: boolean; $width?: 'full' | 'short' }>`
  display: block;
  width: 100%;
  max-width: ${({ $width }) => ($width === 'short' ? '12rem' : '32rem')};
  min-height: ${({ theme }) => theme.minTarget};
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: 2px solid
    ${({ theme, $invalid }) =>
      $invalid ? formColours(theme).errorBorder : formColours(theme).controlBorder};
  border-left-width: ${({ $invalid }) => ($invalid ? '6px' : '2px')};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => formColours(theme).page};
  color: ${({ theme }) => formColours(theme).text};

  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid
      ${({ theme }) => formColours(theme).focusRing};
    outline-offset: 2px;
  }
`;

export const TextInput = styled.input<{ $invalid: boolean; $width?: 'full' | 'short' }>`
  ${controlStyles}
`;

export const SelectInput = styled.select<{ $invalid: boolean; $width?: 'full' | 'short' }>`
  ${controlStyles}
`;

/** Free text over a line (a venue's question): the buyer can make it taller. */
export const TextAreaInput = styled.textarea<{ $invalid: boolean; $width?: 'full' | 'short' }>`
  ${controlStyles}
  min-height: 6rem;
  resize: vertical;
  font: inherit;
`;

/** A checkbox or radio with its label beside it, at least 24px (WCAG 2.5.8) and in the venue's accent when ticked. */
export const ChoiceRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: ${({ theme }) => theme.space[2]}px 0;

  input {
    flex: none;
    width: 24px;
    height: 24px;
    margin: 0;
    accent-color: ${({ theme }) => formColours(theme).checked};
  }

  input:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid
      ${({ theme }) => formColours(theme).focusRing};
    outline-offset: 2px;
  }

  label {
    padding-top: 1px;
  }
`;

/** An invalid group or checkbox is marked by a bar on its left, not by colour alone. */
export const InvalidBar = styled.div<{ $invalid: boolean }>`
  ${({ $invalid, theme }) =>
    $invalid &&
    css`
      padding-left: ${theme.space[4]}px;
      border-left: 6px solid ${formColours(theme).errorBorder};
    `}
`;

export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[1]}px;
  font-weight: 600;
  color: ${({ theme }) => formColours(theme).text};
`;
