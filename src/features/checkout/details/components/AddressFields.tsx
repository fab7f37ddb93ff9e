import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { US_STATES, countryOptions } from '@contract/address/countries';
import { Fieldset, FieldRow, Legend } from '@/components/form/FieldParts';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { fieldSpecs, selectSpecs } from '../../../../components/form/validation/fieldSpecs';
import type { ValidationContext } from '../../../../components/form/validation/validationContext';
import { AddressFinder } from './AddressFinder';

type Props = {
  context: ValidationContext;
  /** Venue flag showAddressLookup: the postcode/ZIP finder above the fields. */
  lookup: boolean;
};

const STATE_OPTIONS = US_STATES.map(([value, label]) => ({ value, label }));

/**
 * Where posted (UK) or mailed (US) tickets go. Every country can be chosen, so a buyer abroad
 * is told plainly that tickets only go within the venue's country rather than finding theirs
 * missing from the list.
 */
export function AddressFields({ context, lookup }: Props) {
  const fields = fieldSpecs(context);
  const selects = selectSpecs();
  const countries = useMemo(
    () => countryOptions(context.locale, context.homeCountry),
    [context.locale, context.homeCountry],
  );
  return (
    <FieldRow>
      <Fieldset>
        <Legend>
          <FormattedMessage id="delivery.address.legend" />
        </Legend>
        {lookup ? <AddressFinder context={context} /> : null}
        <TextField {...fields.addressLine1} />
        <TextField {...fields.addressLine2} />
        <TextField {...fields.city} />
        {context.homeCountry === 'US' ? (
          <SelectField {...selects.state} options={STATE_OPTIONS} />
        ) : null}
        <TextField {...fields.postcode} />
        <SelectField {...selects.country} options={countries} />
      </Fieldset>
    </FieldRow>
  );
}
