import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { Formik, useFormikContext } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Address } from '@contract/api/checkout';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { SecondaryButton } from '@/components/Button';
import { FieldLabel, FieldRow, SelectInput } from '@/components/form/FieldParts';
import { TextField } from '@/components/form/TextField';
import { fieldId } from '@/components/form/fieldIds';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { lookupCleared, lookupRequested, selectAddressLookup } from '../addressLookupSlice';
import { postcodeLookupSchema } from '../../../../components/form/validation/addressSchema';
import type { CollectionValues } from '../../../../components/form/validation/customerDetailsSchema';
import { fieldSpecs } from '../../../../components/form/validation/fieldSpecs';
import type { ValidationContext } from '../../../../components/form/validation/validationContext';

type Props = { context: ValidationContext };
type FinderValues = { lookupPostcode: string };

const LOOKUP_FIELD = 'lookupPostcode';

/** One line per address, as the list shows it: "1 Lumen Street, London, SW1A 2AA". */
function addressLine(address: Address): string {
  return [address.line1, address.line2, address.city, address.state, address.postcode]
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * The address finder (venue flag showAddressLookup): a postcode or ZIP, "Find address", then a
 * list whose choice fills the address fields below. It has its own small form inside the step's
 * (its own value and rule, never blocking Continue); the address fields stay open the whole
 * time, so the buyer can type an address by hand, and a failed search leaves them as they were.
 */
export function AddressFinder({ context }: Props) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const lookup = useAppSelector(selectAddressLookup);
  const step = useFormikContext<CollectionValues>();
  const validate = useMemo(
    () => validateWithSchema<FinderValues>(postcodeLookupSchema(context)),
    [context],
  );
  const [filled, setFilled] = useState(false);

  // A new visit to the step starts with an empty finder.
  useEffect(() => () => void dispatch(lookupCleared()), [dispatch]);

  const search = ({ lookupPostcode }: FinderValues) => {
    setFilled(false);
    dispatch(lookupRequested({ country: context.homeCountry, postcode: lookupPostcode.trim() }));
  };

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const address = lookup.addresses[Number(event.target.value)];
    if (address === undefined) return;
    void step.setFieldValue('address', {
      ...address,
      state: context.homeCountry === 'US' ? address.state : '',
    });
    setFilled(true);
  };

  return (
    <Formik<FinderValues>
      initialValues={{ lookupPostcode: step.values.address.postcode }}
      validate={validate}
      onSubmit={search}
    >
      {(finder) => {
        // Enter in the postcode box searches rather than submitting the whole step.
        const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
          if (event.key !== 'Enter' || (event.target as HTMLElement).id !== fieldId(LOOKUP_FIELD))
            return;
          event.preventDefault();
          void finder.submitForm();
        };
        return (
          <Finder onKeyDown={onKeyDown}>
            <SearchRow>
              <TextField {...fieldSpecs(context).lookupPostcode} />
              <SecondaryButton
                type="button"
                aria-disabled={lookup.status === 'loading'}
                onClick={() => {
                  if (lookup.status !== 'loading') void finder.submitForm();
                }}
              >
                <FormattedMessage id="address.lookup.find" />
              </SecondaryButton>
            </SearchRow>
            <FocusOnFailedSearch />
            <p role="status">
              <LookupStatus filled={filled} />
            </p>
            {lookup.status === 'succeeded' && lookup.addresses.length > 0 ? (
              <FieldRow>
                <FieldLabel htmlFor={fieldId('lookupChoice')}>
                  <FormattedMessage id="address.lookup.choose.label" />
                </FieldLabel>
                <SelectInput
                  id={fieldId('lookupChoice')}
                  defaultValue=""
                  onChange={choose}
                  $invalid={false}
                >
                  <option value="">{intl.formatMessage({ id: 'form.select.placeholder' })}</option>
                  {lookup.addresses.map((address, index) => (
                    <option key={`${index}:${addressLine(address)}`} value={index}>
                      {addressLine(address)}
                    </option>
                  ))}
                </SelectInput>
              </FieldRow>
            ) : null}
          </Finder>
        );
      }}
    </Formik>
  );
}

/** What the finder says, in one polite live region: searching, found, none, failed, filled. */
function LookupStatus({ filled }: { filled: boolean }) {
  const lookup = useAppSelector(selectAddressLookup);
  const postcode = lookup.postcode ?? '';
  if (filled) return <FormattedMessage id="address.lookup.filled" />;
  switch (lookup.status) {
    case 'loading':
      return <FormattedMessage id="address.lookup.searching" />;
    case 'failed':
      return <FormattedMessage id="address.lookup.failed" />;
    case 'succeeded':
      return lookup.addresses.length === 0 ? (
        <FormattedMessage id="address.lookup.none" values={{ postcode }} />
      ) : (
        <FormattedMessage
          id="address.lookup.found"
          values={{ count: lookup.addresses.length, postcode }}
        />
      );
    default:
      return null;
  }
}

/** A search refused by the postcode rule puts the buyer back in the postcode box, once per try. */
function FocusOnFailedSearch() {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<FinderValues>();
  const handled = useRef(0);
  useLayoutEffect(() => {
    if (isSubmitting || isValidating || submitCount === handled.current) return;
    handled.current = submitCount;
    if (errors.lookupPostcode !== undefined)
      document.getElementById(fieldId(LOOKUP_FIELD))?.focus();
  }, [submitCount, isSubmitting, isValidating, errors.lookupPostcode]);
  return null;
}

const Finder = styled.div`
  margin-bottom: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
`;

const SearchRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;

  > div {
    margin-bottom: 0;
  }
`;
