import { useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QRCodeSVG } from 'qrcode.react';
import styled from 'styled-components';
import type { Region } from '@contract/regions';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { SecondaryButton } from '@/components/Button';
import { useMediaQuery } from '@/components/useMediaQuery';
import { handoverRequested, selectOrderState } from './orderSlice';

/** A touch screen without hover: the buyer is on a phone, where the app can open directly. */
const PHONE_QUERY = '(hover: none) and (pointer: coarse)';

type Props = { orderId: string; region: Region };

/**
 * "Get your tickets in the app" (the native app handover): on the buyer's click the server makes
 * a one-time token, valid for a few minutes. On a phone it is a link that opens the app; on a
 * computer it is a QR code of the web link, to scan with the phone that has the app.
 */
export function AppHandover({ orderId, region }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const onPhone = useMediaQuery(PHONE_QUERY);
  const { status, link } = useAppSelector(selectOrderState).handover;
  const ask = () => {
    if (status !== 'loading') dispatch(handoverRequested({ orderId, region }));
  };
  // The button the buyer pressed is replaced by the link or the code: focus follows to it rather
  // than falling to the top of the page (only then: a link already there on arrival stays put).
  const appLink = useRef<HTMLAnchorElement>(null);
  const codeBlock = useRef<HTMLDivElement>(null);
  const hasLink = link !== null;
  const hadLink = useRef(hasLink);
  useLayoutEffect(() => {
    if (hasLink && !hadLink.current) (appLink.current ?? codeBlock.current)?.focus();
    hadLink.current = hasLink;
  }, [hasLink]);

  return (
    <Panel aria-labelledby="app-handover-heading">
      <h2 id="app-handover-heading">
        <FormattedMessage id="confirmation.app.heading" />
      </h2>
      {link === null ? (
        <SecondaryButton
          type="button"
          onClick={ask}
          aria-disabled={status === 'loading' || undefined}
        >
          <FormattedMessage id="confirmation.app.button" />
        </SecondaryButton>
      ) : onPhone ? (
        <AppLink ref={appLink} href={link.deepLink}>
          <FormattedMessage id="confirmation.app.open" />
        </AppLink>
      ) : (
        <CodeBlock ref={codeBlock} tabIndex={-1}>
          <QRCodeSVG
            value={link.webLink}
            size={176}
            marginSize={4}
            role="img"
            aria-label={intl.formatMessage({ id: 'confirmation.app.codeName' })}
          />
          <p>
            <FormattedMessage
              id="confirmation.app.scan"
              values={{
                // The buyer's own clock: the token's life is about now, not about the show.
                time: intl.formatTime(link.expiresAt, {
                  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                  hour: 'numeric',
                  minute: '2-digit',
                }),
              }}
            />
          </p>
        </CodeBlock>
      )}
      <div aria-live="polite">
        {status === 'failed' ? (
          <p>
            <FormattedMessage id="confirmation.app.failed" />
          </p>
        ) : null}
      </div>
    </Panel>
  );
}

const Panel = styled.section`
  margin-top: ${({ theme }) => theme.space[6]}px;
`;

const CodeBlock = styled.div`
  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingWidth} solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const AppLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.minTarget};
  font-weight: 600;
`;
