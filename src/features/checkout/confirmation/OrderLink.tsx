import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { SecondaryButton } from '@/components/Button';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The order's secret link for the buyer to keep: a short labelled link (the address itself is
 * about 140 characters of key, unreadable and overflowing a phone) and, where the browser lets
 * the page write to the clipboard, a button that copies the full address. What the copy came to
 * is said in a polite live region that was on the page before it.
 */
export function OrderLink({ path }: { path: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const address = new URL(path, window.location.href).toString();
  // navigator.clipboard exists only in secure contexts; elsewhere there is no button to fail.
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copyLink = () => {
    if (clipboard === undefined) return;
    clipboard.writeText(address).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <section aria-labelledby="order-link-heading">
      <h2 id="order-link-heading">
        <FormattedMessage id="confirmation.link.heading" />
      </h2>
      <p>
        <FormattedMessage id="confirmation.link.body" />
      </p>
      <Actions>
        <ViewLink href={path}>
          <FormattedMessage id="confirmation.link.view" />
        </ViewLink>
        {clipboard !== undefined ? (
          <SecondaryButton type="button" onClick={copyLink}>
            <FormattedMessage id="confirmation.link.copy" />
          </SecondaryButton>
        ) : null}
      </Actions>
      <p aria-live="polite">
        {copy === 'copied' ? <FormattedMessage id="confirmation.link.copied" /> : null}
        {copy === 'failed' ? <FormattedMessage id="confirmation.link.copyFailed" /> : null}
      </p>
    </section>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[5]}px;
`;

const ViewLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.minTarget};
  font-weight: 600;
`;
