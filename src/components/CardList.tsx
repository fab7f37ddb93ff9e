import styled from 'styled-components';

/** A grid of cards: one column on a phone, as many 15rem columns as fit above it. */
export const CardList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  padding: 0;
  margin: 0;
`;
