import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ShowSummary } from '@contract/api/content';
import { formatMoney } from '@/i18n/format';

/** A calendar day in the venue's own time zone, whatever zone the page around it uses. */
export function formatVenueDay(intl: IntlShape, instant: string, timeZone: string): string {
  return intl.formatDate(instant, { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
}

type Props = {
  show: ShowSummary;
  timeZone: string;
  href: string;
  headingLevel: 'h2' | 'h3' | 'h4';
};

/** One show in a list: title (the link), strapline, from-price and first–last dates. */
export function ShowSummaryCard({ show, timeZone, href, headingLevel }: Props) {
  const intl = useIntl();
  return (
    <Card>
      <Title as={headingLevel}>
        <Link to={href}>{show.title}</Link>
      </Title>
      <p>{show.strapline}</p>
      <Facts>
        {show.fromPrice !== null && (
          <span>
            <FormattedMessage
              id="common.fromPrice"
              values={{ price: formatMoney(intl, show.fromPrice) }}
            />
          </span>
        )}
        <span>
          {show.firstPerformance !== null && show.lastPerformance !== null ? (
            <FormattedMessage
              id="common.dateRange"
              values={{
                first: formatVenueDay(intl, show.firstPerformance, timeZone),
                last: formatVenueDay(intl, show.lastPerformance, timeZone),
              }}
            />
          ) : (
            <FormattedMessage id="common.datesTba" />
          )}
        </span>
      </Facts>
    </Card>
  );
}

const Card = styled.li`
  list-style: none;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};

  p {
    margin: ${({ theme }) => theme.space[2]}px 0;
  }
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
