import styled from 'styled-components';

/**
 * The full-width picture at the top of a venue or show page. Its height is capped so that on a
 * phone the title and the way to book stay near the top instead of below a screen of poster.
 */
export const HeroImage = styled.img`
  display: block;
  width: 100%;
  height: auto;
  max-height: min(35vh, 320px);
  object-fit: cover;
  margin-block-end: ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radius};
`;
