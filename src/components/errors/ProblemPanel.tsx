import styled from 'styled-components';

/** A part of the page that could not be read or saved: its words and "Try again", set apart. */
export const ProblemPanel = styled.div`
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};

  p {
    margin-top: 0;
  }
`;
