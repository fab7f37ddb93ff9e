import styled from 'styled-components';

/**
 * A row of plain links that wraps on a narrow screen (the footer's legal pages, the sign-up
 * panel's ways out). Each link is at least 24px tall: WCAG 2.2 target size (2.5.8).
 */
export const LinkList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]}px ${theme.space[5]}px`};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space[1]}px 0;
    min-height: 24px;
  }
`;
