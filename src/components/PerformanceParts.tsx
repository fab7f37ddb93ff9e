import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { PerformanceParts as Parts } from '@contract/api/common';
import { formatPerformanceDateTime } from '@/i18n/format';

type Props = {
  parts: Parts;
  /** The venue's zone, where the page is not inside the venue's own provider (orders). */
  timeZone?: string;
};

/**
 * Both parts of a two-part show, each with its date and time (issue 24), wherever the buyer is
 * told what they are buying or bought: seats page, basket, confirmation, My account.
 */
export function PerformanceParts({ parts, timeZone }: Props) {
  const intl = useIntl();
  return (
    <PartList>
      {parts.map(({ part, startsAt }) => (
        <li key={part}>
          <FormattedMessage
            id="performance.part.when"
            values={{
              part,
              dateTime: (
                <time dateTime={startsAt}>
                  {formatPerformanceDateTime(intl, startsAt, timeZone)}
                </time>
              ),
            }}
          />
        </li>
      ))}
    </PartList>
  );
}

const PartList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;
