import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { MessageId } from '@/i18n/messageIds';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { PrimaryButton } from '@/components/Button';
import { usePaths } from '@/config/usePaths';

type Props = {
  titleId: MessageId;
  bodyId: MessageId;
  /** The page's main way out: retry, reload. Without one, the way home is the main action. */
  action?: { labelId: MessageId; onClick: () => void };
  children?: ReactNode;
};

/** The shape every error page shares: what happened, and what the buyer can do next. */
export function ErrorPage({ titleId, bodyId, action, children }: Props) {
  const intl = useIntl();
  const paths = usePaths();
  useDocumentTitle(intl.formatMessage({ id: titleId }));
  return (
    <section>
      <PageHeading>
        <FormattedMessage id={titleId} />
      </PageHeading>
      <p>
        <FormattedMessage id={bodyId} />
      </p>
      {children}
      <Actions>
        {action !== undefined && (
          <PrimaryButton type="button" onClick={action.onClick}>
            <FormattedMessage id={action.labelId} />
          </PrimaryButton>
        )}
        <Link to={paths.home}>
          <FormattedMessage id="errors.goHome" />
        </Link>
      </Actions>
    </section>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[5]}px;
`;
