import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { VenueConfig } from '@/config/venues';
import { Footer } from './Footer';
import { Header } from './Header';

type Props = {
  venue: VenueConfig;
  homePath: string;
  /** The header's sign-in link or account menu (app/Frame passes it in). */
  headerAccount?: ReactNode;
  children: ReactNode;
};

export const MAIN_CONTENT_ID = 'main-content';

/** Every page's frame: skip link, venue header, the page in <main>, and the footer. */
export function PageLayout({ venue, homePath, headerAccount, children }: Props) {
  return (
    <Frame>
      <SkipLink href={`#${MAIN_CONTENT_ID}`}>
        <FormattedMessage id="frame.skipLink" />
      </SkipLink>
      <Header venue={venue} homePath={homePath} account={headerAccount} />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </Main>
      <Footer venue={venue} />
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

// Off-screen until focused, then shown on top so sighted keyboard users see where focus is.
const SkipLink = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space[2]}px;
  left: ${({ theme }) => theme.space[2]}px;
  z-index: 1000;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  background: ${({ theme }) => theme.colors.accentSurface};
  color: ${({ theme }) => theme.colors.onAccent};
  border-radius: ${({ theme }) => theme.radius};
  transform: translateY(-200%);

  &:focus {
    transform: none;
    outline: ${({ theme }) => `${theme.focusRingWidth} solid ${theme.colors.focusRing}`};
    outline-offset: 2px;
  }
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[5]}px ${theme.space[4]}px`};
`;
