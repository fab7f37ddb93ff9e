import type { ReactNode, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { VERIFICATION_LINK_HOURS } from '@contract/accountActivation';
import { telHref } from '@/components/layout/legalLinks';
import { LinkList } from '@/components/LinkList';
import type { VenueSettings } from '@contract/venue';
import { Refusal, Result, ResultHeading } from './authStyles';

type Common = {
  /** Focused when the outcome replaces the form, so a screen reader hears it at once. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The heading's level where the outcome stands (a panel inside a page, or a page's form). */
  headingLevel: 'h2' | 'h3';
};

/** "Check your email": the one answer every sign-up gets, whether or not the address had an account. */
export function SignUpSent({ headingRef, headingLevel, email }: Common & { email: string }) {
  return (
    <Result role="status">
      <ResultHeading as={headingLevel} ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="signUp.panel.sent.title" />
      </ResultHeading>
      <p>
        <FormattedMessage
          id="signUp.panel.sent.body"
          values={{ email: <strong>{email}</strong>, hours: VERIFICATION_LINK_HOURS }}
        />
      </p>
      <p>
        <FormattedMessage id="signUp.panel.sent.spam" />
      </p>
    </Result>
  );
}

/**
 * The spec's "Sorry, we couldn't create your account", with the ways on: the shop's sign-in and
 * password reset (links the caller builds for its own return path) and the venue's phone.
 */
export function SignUpRefused({
  headingRef,
  headingLevel,
  settings,
  signInLink,
  resetLink,
}: Common & {
  /** The venue whose phone is given; without one (an order of a venue not in this build) only the words. */
  settings: Pick<VenueSettings, 'supportPhone' | 'region'> | undefined;
  signInLink: ReactNode;
  resetLink: ReactNode;
}) {
  return (
    <Refusal>
      <ResultHeading as={headingLevel} ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="signUp.failed.title" />
      </ResultHeading>
      <p>
        <FormattedMessage id="signUp.failed.body" />
      </p>
      {settings !== undefined && (
        <LinkList>
          <li>{signInLink}</li>
          <li>{resetLink}</li>
          <li>
            <a href={telHref(settings.supportPhone, settings.region)}>
              <FormattedMessage id="signUp.failed.contact" /> ({settings.supportPhone})
            </a>
          </li>
        </LinkList>
      )}
    </Refusal>
  );
}
