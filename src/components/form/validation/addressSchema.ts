import { object, string, type TestContext } from 'yup';
import './yupLocale';
import { CITY_MAX_LENGTH, isCityName } from '@contract/address/city';
import { POSTAL_COUNTRIES, isUsState } from '@contract/address/countries';
import { checkUkPostcode, type PostcodeVerdict } from '@contract/address/ukPostcode';
import { checkUsZip } from '@contract/address/usZip';
import { fieldMessage as m, type FieldMessage } from './fieldMessage';
import type { HomeCountry, ValidationContext } from './validationContext';

type PostcodeMessages = Record<Exclude<PostcodeVerdict, 'valid'>, FieldMessage>;

/** Spec §5 "UK" and "US": the three messages of each country's rule. */
const POSTCODE_RULES: Record<
  HomeCountry,
  { check: (value: string | undefined) => PostcodeVerdict; messages: PostcodeMessages }
> = {
  GB: {
    check: checkUkPostcode,
    messages: {
      empty: m('validation.uk.postcodeRequired'),
      foreign: m('validation.uk.postcodeUkOnly'),
      invalid: m('validation.uk.postcodeInvalid'),
    },
  },
  US: {
    check: checkUsZip,
    messages: {
      empty: m('validation.us.zipRequired'),
      foreign: m('validation.us.zipUsOnly'),
      invalid: m('validation.us.zipInvalid'),
    },
  },
};

const POSTED_ONLY_WITHIN: Record<HomeCountry, FieldMessage> = {
  GB: m('validation.address.postOnlyUk'),
  US: m('validation.address.mailOnlyUs'),
};

function postcodeTest(homeCountry: HomeCountry, requiredMessage?: FieldMessage) {
  const rule = POSTCODE_RULES[homeCountry];
  return function (this: TestContext, value: string | undefined) {
    const verdict = rule.check(value);
    if (verdict === 'valid') return true;
    const message =
      verdict === 'empty' && requiredMessage ? requiredMessage : rule.messages[verdict];
    return this.createError({ message });
  };
}

export function citySchema(context: ValidationContext) {
  const city = string()
    .trim()
    .required(m('validation.address.city'))
    .max(CITY_MAX_LENGTH, m('validation.address.cityTooLong'));
  // Only the US copy has a message for a malformed city ("Please enter a valid City name").
  return context.homeCountry === 'US'
    ? city.test('city-name', m('validation.us.cityInvalid'), isCityName)
    : city;
}

/**
 * The address tickets are posted to. Only the venue's own country is accepted (spec §5: post
 * only within the UK, mail only within the US); for another country the country field says so
 * and the postcode is left alone rather than also calling a French code "not a UK postcode".
 */
export function addressSchema(context: ValidationContext) {
  const { homeCountry } = context;
  const postal = POSTAL_COUNTRIES[homeCountry];
  const isPostal = (country: string | undefined) =>
    country !== undefined && postal.includes(country);
  const postcodeRule = postcodeTest(homeCountry);

  return object({
    line1: string().trim().required(m('validation.address.lines')),
    line2: string().trim(),
    city: citySchema(context),
    state:
      homeCountry === 'US'
        ? string().test('state', m('validation.address.stateRequired'), isUsState)
        : string(),
    postcode: string().test('postcode', function (value) {
      if (!isPostal((this.parent as { country?: string }).country)) return true;
      return postcodeRule.call(this, value);
    }),
    country: string()
      .required(m('validation.address.countryRequired'))
      .test('posted-within', POSTED_ONLY_WITHIN[homeCountry], isPostal),
  });
}

/**
 * The postcode or ZIP the address finder searches (venue flag `showAddressLookup`). An empty
 * search asks for "your postcode" (en-US: "your ZIP code"); otherwise the country's rule speaks.
 */
export function postcodeLookupSchema(context: ValidationContext) {
  return object({
    lookupPostcode: string().test(
      'postcode',
      postcodeTest(context.homeCountry, m('validation.address.postcode')),
    ),
  });
}
