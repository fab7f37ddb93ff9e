import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { VenueConfig } from '@/config/venues';
import { LEGAL_LINKS, legacyUrl, telHref } from './legalLinks';
import { LinkList } from '@/components/LinkList';

type Props = { venue: VenueConfig };

/** Support line and the venue's legal links (spec §2 link paths), opening in the same tab. */
export function Footer({ venue }: Props) {
  const intl = useIntl();
  const { legacySiteUrl, supportPhone, region, name } = venue.settings;

  return (
    <Bar>
      <Inner>
        <Support>
          <FormattedMessage
            id="footer.support"
            values={{
              phone: <a href={telHref(supportPhone, region)}>{supportPhone}</a>,
            }}
          />
        </Support>
        <nav aria-label={intl.formatMessage({ id: 'footer.nav.label' })}>
          <LinkList>
            {LEGAL_LINKS.map(({ path, label }) => (
              <li key={path}>
                <a href={legacyUrl(legacySiteUrl, path)}>
                  <FormattedMessage id={label} />
                </a>
              </li>
            ))}
          </LinkList>
        </nav>
        <Small>
          <FormattedMessage
            id="footer.copyright"
            values={{ year: new Date().getFullYear(), venueName: name }}
          />
        </Small>
      </Inner>
    </Bar>
  );
}

const Bar = styled.footer`
  margin-top: ${({ theme }) => theme.space[7]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[5]}px ${theme.space[4]}px`};
`;

const Support = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
`;

const Small = styled.p`
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
