import styled from 'styled-components';

/** The full-width picture at the top of a venue or show page; keeps its aspect ratio. */
export const HeroImage = styled.img`
  display: block;
  width: 100%;
  height: auto;
  margin-block-end: ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radius};
`;
