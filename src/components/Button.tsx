import styled from 'styled-components';

/** The primary action style, shared by buttons and links that act as the page's main action. */
export const PrimaryButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: ${({ theme }) => theme.minTarget};
  padding: 0 ${({ theme }) => theme.space[5]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.accentSurface};
  color: ${({ theme }) => theme.colors.onAccent};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
`;

/** The other choices beside a primary action: outlined, same size and focus behaviour. */
export const SecondaryButton = styled(PrimaryButton)`
  border: 2px solid ${({ theme }) => theme.colors.accentText};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.accentText};
`;
