import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Membership } from '@contract/api/members';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { formatMemberDate } from '../memberDates';
import { autoRenewRequested, cancelRequested, selectMembershipChange } from '../membershipSlice';
import { ChangeProblem } from './ChangeProblem';

/**
 * One of the member's memberships: its status, number and dates, and for a running ATG+ the
 * auto-renew switch and cancel (asked first). Access has no term, so nothing renews; cancelling
 * it ends it at once.
 */
export function MembershipCard({ membership }: { membership: Membership }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectMembershipChange);
  const titleId = useId();
  const renewId = useId();
  const [confirming, setConfirming] = useState(false);
  const name = intl.formatMessage({ id: `subscriptions.scheme.${membership.scheme}` });
  const mine = change.scheme === membership.scheme;
  const sending = mine && change.status === 'sending';
  const date = (day: string) => formatMemberDate(intl, day);
  const running = membership.status === 'active';
  const paid = membership.scheme === 'atg-plus';

  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId}>{name}</h2>
      <Facts>
        <dt>
          <FormattedMessage id="subscriptions.status" />
        </dt>
        <dd>
          {membership.status === 'cancelled' && membership.benefitsActive && membership.endsOn ? (
            <FormattedMessage
              id="subscriptions.status.cancelledUntil"
              values={{ date: date(membership.endsOn) }}
            />
          ) : (
            <FormattedMessage id={`subscriptions.status.${membership.status}`} />
          )}
        </dd>
        <dt>
          <FormattedMessage id="subscriptions.number" />
        </dt>
        <dd>{membership.number}</dd>
        <dt>
          <FormattedMessage id="subscriptions.startedOn" />
        </dt>
        <dd>{date(membership.startedOn)}</dd>
        {membership.renewsOn !== null ? (
          <>
            <dt>
              <FormattedMessage id="subscriptions.renewsOn" />
            </dt>
            <dd>{date(membership.renewsOn)}</dd>
          </>
        ) : null}
        {membership.endsOn !== null ? (
          <>
            <dt>
              <FormattedMessage id="subscriptions.endsOn" />
            </dt>
            <dd>{date(membership.endsOn)}</dd>
          </>
        ) : null}
      </Facts>
      {running && paid ? (
        <Renew>
          <input
            id={renewId}
            type="checkbox"
            checked={membership.autoRenew}
            aria-disabled={sending || undefined}
            onChange={(event) => {
              if (!sending)
                dispatch(
                  autoRenewRequested({
                    scheme: membership.scheme,
                    autoRenew: event.target.checked,
                  }),
                );
            }}
          />
          <label htmlFor={renewId}>
            <FormattedMessage id="subscriptions.autoRenew" />
          </label>
        </Renew>
      ) : null}
      <div role="status">
        {mine && change.status === 'succeeded' && running && paid ? (
          <FormattedMessage
            id="subscriptions.autoRenew.saved"
            values={{ name, autoRenew: String(membership.autoRenew) }}
          />
        ) : null}
      </div>
      {mine && change.status === 'failed' && change.error !== null ? (
        <ChangeProblem error={change.error} />
      ) : null}
      {running ? (
        <SecondaryButton type="button" onClick={() => setConfirming(true)}>
          <FormattedMessage id="subscriptions.cancel" values={{ name }} />
        </SecondaryButton>
      ) : null}
      <Dialog
        open={confirming}
        onDismiss={() => setConfirming(false)}
        title={<FormattedMessage id="subscriptions.cancel.title" values={{ name }} />}
        actions={
          <>
            <SecondaryButton type="button" onClick={() => setConfirming(false)}>
              <FormattedMessage id="subscriptions.cancel.keep" />
            </SecondaryButton>
            <PrimaryButton
              type="button"
              onClick={() => {
                setConfirming(false);
                dispatch(cancelRequested({ scheme: membership.scheme }));
              }}
            >
              <FormattedMessage id="subscriptions.cancel.confirm" />
            </PrimaryButton>
          </>
        }
      >
        <p>
          {paid && membership.renewsOn !== null ? (
            <FormattedMessage
              id="subscriptions.cancel.bodyPaid"
              values={{ date: date(membership.renewsOn) }}
            />
          ) : paid && membership.endsOn !== null ? (
            <FormattedMessage
              id="subscriptions.cancel.bodyPaid"
              values={{ date: date(membership.endsOn) }}
            />
          ) : (
            <FormattedMessage id="subscriptions.cancel.bodyNow" />
          )}
        </p>
      </Dialog>
    </Card>
  );
}

const Card = styled.section`
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.h2};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Renew = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  align-items: center;

  input {
    width: 1.5rem;
    height: 1.5rem;
  }
`;
