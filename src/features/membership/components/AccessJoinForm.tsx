import { useId, useMemo } from 'react';
import { Formik } from 'formik';
import { FormattedMessage } from 'react-intl';
import { object, string } from 'yup';
import '@/components/form/validation/yupLocale';
import type { AccessEvidenceKind, MembershipOffer } from '@contract/api/members';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { TextField } from '@/components/form/TextField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { fieldMessage as m } from '@/components/form/validation/fieldMessage';
import type { VenueConfig } from '@/config/venues';
import type { MessageId } from '@/i18n/messageIds';
import { accessJoinRequested, selectMembershipChange } from '../membershipSlice';
import { ChangeProblem } from './ChangeProblem';

/** The longest reference a card or letter carries; the service checks the form of each kind. */
const REFERENCE_MAX_LENGTH = 40;

type Values = { evidenceKind: string; evidenceReference: string };

const KIND_LABELS: Record<AccessEvidenceKind, MessageId> = {
  accessCard: 'membership.access.evidence.accessCard',
  benefitLetter: 'membership.access.evidence.benefitLetter',
  parkingPlacard: 'membership.access.evidence.parkingPlacard',
  doctorLetter: 'membership.access.evidence.doctorLetter',
};

/** The reference's label names what to copy from the evidence chosen. */
const REFERENCE_LABELS: Record<AccessEvidenceKind, MessageId> = {
  accessCard: 'membership.access.reference.accessCard',
  benefitLetter: 'membership.access.reference.benefitLetter',
  parkingPlacard: 'membership.access.reference.parkingPlacard',
  doctorLetter: 'membership.access.reference.doctorLetter',
};

const schema = object({
  evidenceKind: string().required(m('membership.access.evidence.required')),
  evidenceReference: string()
    .trim()
    .required(m('membership.access.reference.required'))
    .max(REFERENCE_MAX_LENGTH, m('membership.access.reference.invalid')),
});

/**
 * Joining Access (free, for disabled customers and their companions): the buyer says which
 * evidence they hold and types its reference; the service records it and answers with the
 * membership, or refuses a reference its rule does not accept (said beside the field).
 */
export function AccessJoinForm({ offer, venue }: { offer: MembershipOffer; venue: VenueConfig }) {
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectMembershipChange);
  const titleId = useId();
  const kinds = offer.evidenceKinds;
  const validate = useMemo(() => validateWithSchema<Values>(schema), []);
  const sending = change.scheme === 'access' && change.status === 'sending';
  const failed = change.scheme === 'access' && change.status === 'failed' ? change.error : null;
  const initialValues: Values = {
    evidenceKind: kinds.length === 1 ? (kinds[0] ?? '') : '',
    evidenceReference: '',
  };

  return (
    <Formik
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => {
        if (sending) return;
        dispatch(
          accessJoinRequested({
            venue: venue.settings.slug,
            evidenceKind: values.evidenceKind as AccessEvidenceKind,
            evidenceReference: values.evidenceReference.trim(),
          }),
        );
      }}
    >
      {({ values }) => (
        <CheckoutForm aria-labelledby={titleId}>
          <h3 id={titleId}>
            <FormattedMessage id="membership.access.join.title" />
          </h3>
          <p>
            <FormattedMessage id="membership.access.join.intro" />
          </p>
          <RadioGroupField
            name="evidenceKind"
            legend="membership.access.evidence.legend"
            options={kinds.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          />
          <TextField
            name="evidenceReference"
            label={
              REFERENCE_LABELS[(values.evidenceKind || kinds[0]) as AccessEvidenceKind] ??
              'membership.access.reference.accessCard'
            }
            hint="membership.access.reference.hint"
            maxLength={REFERENCE_MAX_LENGTH}
            spellCheck={false}
            autoComplete="off"
          />
          {failed !== null ? <ChangeProblem error={failed} /> : null}
          <PrimaryButton type="submit" aria-disabled={sending || undefined}>
            <FormattedMessage id="membership.access.join.submit" />
          </PrimaryButton>
        </CheckoutForm>
      )}
    </Formik>
  );
}
