import { FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField } from '@/components/form/CheckboxField';
import { FieldHint, Fieldset, FieldRow, Legend } from '@/components/form/FieldParts';
import { legacyUrl } from '@/components/layout/legalLinks';
import type { VenueConfig } from '@/config/venues';

type Props = { venue: VenueConfig };

/**
 * The terms (with the venue's terms of sale a click away, in a new tab so the held seats and
 * the form stay put) and what we may email. Only the news-and-offers box opts in; the others
 * are opt-outs, all unticked until the buyer ticks them.
 */
export function ConsentFields({ venue }: Props) {
  const intl = useIntl();
  const { flags, name, legacySiteUrl } = venue.settings;
  return (
    <>
      <FieldRow>
        <a href={legacyUrl(legacySiteUrl, '/legal/terms-of-sale')} target="_blank" rel="noreferrer">
          <FormattedMessage id="customerDetails.terms.link" />
        </a>
      </FieldRow>
      <CheckboxField name="acceptTerms" label="customerDetails.terms.label" required />
      <FieldRow>
        <Fieldset aria-describedby="details-consents-hint">
          <Legend>
            <FormattedMessage id="customerDetails.consents.legend" />
          </Legend>
          <FieldHint id="details-consents-hint">
            <FormattedMessage id="customerDetails.consents.hint" />
          </FieldHint>
          {flags.shouldShowMarketingPreferences ? (
            <CheckboxField
              name="marketingOptIn"
              label={{
                text: intl.formatMessage(
                  { id: 'customerDetails.consents.marketing' },
                  { venueName: name },
                ),
              }}
            />
          ) : null}
          {flags.hidePecrOptOut ? null : (
            <CheckboxField name="pecrOptOut" label="customerDetails.consents.pecr" />
          )}
          <CheckboxField
            name="abandonedBasketOptOut"
            label="customerDetails.consents.abandonedBasket"
          />
        </Fieldset>
      </FieldRow>
    </>
  );
}
