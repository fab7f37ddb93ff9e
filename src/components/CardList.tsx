import styled from 'styled-components';

export const CardList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  padding: 0;
  margin: 0;
`;
