import { FormattedMessage, useIntl } from 'react-intl';
import type { CheckoutQuestion } from '@contract/api/checkout';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { SelectField } from '@/components/form/SelectField';
import { TextAreaField } from '@/components/form/TextAreaField';
import type { FieldText } from '@/components/form/FieldText';
import { ANSWER_MAX_LENGTH } from '../../../../components/form/validation/questionsSchema';

type Props = { questions: readonly CheckoutQuestion[] };

/** A required question with this many choices or fewer shows them all as radios. */
const MAX_RADIOS = 5;

/**
 * The venue's own questions, in its words. Free text is a text box; a choice is radios when it
 * is short and must be answered, otherwise a list (whose empty first entry lets an optional
 * question stay unanswered, which a set of radios cannot undo).
 */
export function QuestionFields({ questions }: Props) {
  const intl = useIntl();
  if (questions.length === 0) return null;
  const labelOf = (question: CheckoutQuestion): FieldText => ({
    text: question.required
      ? question.label
      : intl.formatMessage({ id: 'customerDetails.question.optional' }, { label: question.label }),
  });
  return (
    <section aria-labelledby="details-questions">
      <h2 id="details-questions">
        <FormattedMessage id="customerDetails.questions.heading" />
      </h2>
      {questions.map((question) => {
        const name = `answers.${question.id}`;
        if (question.kind === 'text')
          return (
            <TextAreaField
              key={question.id}
              name={name}
              label={labelOf(question)}
              maxLength={ANSWER_MAX_LENGTH}
              required={question.required}
            />
          );
        const choices = question.options.map((option) => ({ value: option, label: option }));
        return question.required && question.options.length <= MAX_RADIOS ? (
          <RadioGroupField
            key={question.id}
            name={name}
            legend={labelOf(question)}
            options={choices.map(({ value, label }) => ({ value, label: { text: label } }))}
          />
        ) : (
          <SelectField
            key={question.id}
            name={name}
            label={labelOf(question)}
            options={choices}
            required={question.required}
          />
        );
      })}
    </section>
  );
}
