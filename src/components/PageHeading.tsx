import { useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { NavigationFocusContext } from './navigationFocus';

type Props = {
  children: ReactNode;
  subheading?: ReactNode;
  /** The part of a longer journey the page belongs to, said above the heading. */
  section?: ReactNode;
};

/** The page's one <h1>; it takes focus after a route change so the new page is announced. */
export function PageHeading({ children, subheading, section }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { locationKey, isNavigation } = useContext(NavigationFocusContext);
  const focusedFor = useRef<string | null>(null);

  // A layout effect: the new page and the focus on its heading arrive in the same commit.
  useLayoutEffect(() => {
    if (!isNavigation || focusedFor.current === locationKey) return;
    focusedFor.current = locationKey;
    ref.current?.focus();
  }, [isNavigation, locationKey]);

  return (
    <Header>
      {section !== undefined && <Section>{section}</Section>}
      <Title ref={ref} tabIndex={-1}>
        {children}
      </Title>
      {subheading !== undefined && <Subheading>{subheading}</Subheading>}
    </Header>
  );
}

const Header = styled.header`
  margin-block-end: ${({ theme }) => theme.space[5]}px;
`;

const Section = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.h1};
  margin: 0;
`;

const Subheading = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.large};
  color: ${({ theme }) => theme.colors.textMuted};
  margin: ${({ theme }) => theme.space[2]}px 0 0;
`;
