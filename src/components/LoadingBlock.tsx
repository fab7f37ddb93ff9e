import { useIntl } from 'react-intl';
import styled from 'styled-components';

type Props = { minHeight: string };

/**
 * Reserves the space the content will take, so nothing jumps when it arrives (CLS), and tells
 * assistive technology that the region is busy.
 */
export function LoadingBlock({ minHeight }: Props) {
  const intl = useIntl();
  return (
    <Skeleton role="status" aria-busy="true" aria-live="polite" $minHeight={minHeight}>
      <span className="visually-hidden">{intl.formatMessage({ id: 'app.loading' })}</span>
    </Skeleton>
  );
}

const Skeleton = styled.div<{ $minHeight: string }>`
  min-height: ${({ $minHeight }) => $minHeight};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;
