import { useCallback, useMemo, useRef, useState } from 'react';
import { getIn, setIn, type FormikErrors, type FormikHelpers, type FormikValues } from 'formik';
import type { Schema } from 'yup';
import type { CheckoutQuestion, PutDetailsBody } from '@contract/api/checkout';
import { useAppDispatch, useAppStore } from '@/app/hooks';
import type { AppStore } from '@/app/store';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import {
  saveRequested,
  selectDetailsSave,
  type DetailsSave,
  type DetailsSaveError,
  type DetailsStep,
  type DetailsTarget,
} from '@/features/checkout/details/detailsSlice';
import { formFieldOf, outsideCountryMessage, serverMessageFor } from './serverFieldErrors';
import type { FieldMessage } from '../../../components/form/validation/fieldMessage';
import type { HomeCountry } from '../../../components/form/validation/validationContext';

/** A field the server refused, with the value it refused: the message stays until it changes. */
type Refusal = { name: string; value: unknown; message: FieldMessage };

/** A save that failed with nothing to mark on a field; the step says so above its button. */
export type SaveProblem = Exclude<DetailsSaveError, 'fields' | 'outsideCountry'>;

function toProblem(error: DetailsSaveError | null): SaveProblem {
  return error === 'connection' || error === 'expired' ? error : 'general';
}

/**
 * Resolves with the answer to one save (the saga puts it in the store), or null if the save was
 * overtaken: the hold was let go meanwhile and its details forgotten.
 */
function answerTo(store: AppStore, requestId: string): Promise<DetailsSave | null> {
  return new Promise((resolve) => {
    const check = () => {
      const save = selectDetailsSave(store.getState());
      if (save.requestId === requestId && save.status === 'saving') return false;
      resolve(save.requestId === requestId ? save : null);
      return true;
    };
    if (check()) return;
    const unsubscribe = store.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

type Options<Values> = {
  step: DetailsStep;
  target: DetailsTarget;
  schema: Schema;
  toBody: (values: Values) => PutDetailsBody;
  homeCountry: HomeCountry;
  questions: readonly CheckoutQuestion[];
  onSaved: () => void;
};

/**
 * Formik's `validate` and `onSubmit` for a details step. Submitting saves the step's part on
 * the hold and waits for the answer, so Formik keeps the form busy meanwhile (no second save)
 * and, when the server refuses fields, the failed submit marks them beside the fields and focus
 * moves to the first (CheckoutForm). Every value typed stays as it was.
 */
export function useDetailsForm<Values extends FormikValues>({
  step,
  target,
  schema,
  toBody,
  homeCountry,
  questions,
  onSaved,
}: Options<Values>) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const refusals = useRef<Refusal[]>([]);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const local = useMemo(() => validateWithSchema<Values>(schema), [schema]);

  const validate = useCallback(
    (values: Values): FormikErrors<Values> => {
      let errors = local(values);
      for (const { name, value, message } of refusals.current) {
        if (getIn(values, name) === value && getIn(errors, name) === undefined)
          errors = setIn(errors, name, message) as FormikErrors<Values>;
      }
      return errors;
    },
    [local],
  );

  const refuse = (values: Values, names: string[], message?: FieldMessage) => {
    refusals.current = names.map((name) => ({
      name,
      value: getIn(values, name) as unknown,
      message: message ?? serverMessageFor(name, homeCountry, questions),
    }));
  };

  const onSubmit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setProblem(null);
    refusals.current = [];
    const { payload } = dispatch(saveRequested({ ...target, step, body: toBody(values) }));
    const answer = await answerTo(store, payload.requestId);
    if (answer === null) return;
    if (answer.status === 'saved') {
      onSaved();
      return;
    }
    const names = answer.fields
      .map(formFieldOf)
      .filter((name): name is string => name !== null && getIn(values, name) !== undefined);
    if (answer.error === 'outsideCountry' && getIn(values, 'address.country') !== undefined)
      refuse(values, ['address.country'], outsideCountryMessage(homeCountry));
    else if (answer.error === 'fields' && names.length > 0) refuse(values, names);
    else {
      setProblem(toProblem(answer.error));
      return;
    }
    // Shown through validate, so they stay until the buyer changes the value refused.
    await helpers.validateForm();
  };

  return { validate, onSubmit, problem };
}
