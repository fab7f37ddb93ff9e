import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { FIND_TICKETS_PATH } from '@/config/paths';
import { getVenue, type VenueConfig } from '@/config/venues';

type Props = {
  venue: VenueConfig;
  homePath: string;
  /** The sign-in link or account menu, at the band's far end (the app passes it in). */
  account?: ReactNode;
};

/**
 * The venue's logo band. The logo links to the venue home unless the venue turns that off
 * (shouldRemoveLogoLink: some venues do not want buyers leaving a checkout by the logo);
 * shouldStyleHeaderLogo puts it on the venue's coloured band at a larger size.
 */
/** Framed as the venue the buyer is at; What's on's shop frame names no venue. */
function findTicketsHref(slug: string): string {
  return getVenue(slug) === undefined
    ? FIND_TICKETS_PATH
    : `${FIND_TICKETS_PATH}?${new URLSearchParams({ venue: slug }).toString()}`;
}

export function Header({ venue, homePath, account }: Props) {
  const intl = useIntl();
  const { name, flags } = venue.settings;
  const banded = flags.shouldStyleHeaderLogo;

  const logo = (alt: string) => <Logo src={venue.logoUrl} alt={alt} $large={banded} />;

  return (
    <Band $styled={banded}>
      <Inner>
        {flags.shouldRemoveLogoLink ? (
          logo(intl.formatMessage({ id: 'header.logo.alt' }, { venueName: name }))
        ) : (
          <LogoLink to={homePath} $styled={banded}>
            {logo(intl.formatMessage({ id: 'header.logo.homeLink' }, { venueName: name }))}
          </LogoLink>
        )}
        <AccountSlot $styled={banded}>
          <FindTicketsLink to={findTicketsHref(venue.settings.slug)}>
            <FormattedMessage id="header.findTickets" />
          </FindTicketsLink>
          {account}
        </AccountSlot>
      </Inner>
    </Band>
  );
}

const Band = styled.header<{ $styled: boolean }>`
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  ${({ $styled, theme }) =>
    $styled &&
    css`
      background: ${theme.colors.header};
      color: ${theme.colors.headerText};
      border-bottom: none;
    `}
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  align-items: center;
  max-width: ${({ theme }) => theme.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[4]}px`};
`;

/**
 * On the coloured band the account links take the band's text and focus colours, which the
 * theme keeps at 4.5:1 and 3:1 there (as custom properties, so what opens from them, such as a
 * menu or a dialog on the page's own colours, is untouched); off the band the page's own link
 * colours already pass.
 */
const AccountSlot = styled.div<{ $styled: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]}px;
  margin-left: auto;
  ${({ $styled, theme }) =>
    $styled &&
    css`
      --header-link: ${theme.colors.headerText};
      --header-focus: ${theme.colors.focusRingOnHeader};
    `}
`;

/** Every guest's way back to their tickets, beside the account links and in their colours. */
const FindTicketsLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.minTarget};
  font-weight: 600;
  color: var(--header-link, ${({ theme }) => theme.colors.accentText});

  &:focus-visible {
    outline-color: var(--header-focus, ${({ theme }) => theme.colors.focusRing});
  }
`;

const LogoLink = styled(Link)<{ $styled: boolean }>`
  display: inline-flex;
  min-height: ${({ theme }) => theme.minTarget};
  align-items: center;
  border-radius: ${({ theme }) => theme.radius};

  &:focus-visible {
    outline-color: ${({ $styled, theme }) =>
      $styled ? theme.colors.focusRingOnHeader : theme.colors.focusRing};
  }
`;

const Logo = styled.img<{ $large: boolean }>`
  display: block;
  height: ${({ $large }) => ($large ? '56px' : '40px')};
  width: auto;
`;
