import { object, string, type StringSchema } from 'yup';
import './yupLocale';
import { fieldMessage as m } from './fieldMessage';

/** A venue's own question at checkout ("How did you hear about us?"), as the booking API sends it. */
export type CheckoutQuestion =
  | { id: string; kind: 'text'; required: boolean }
  | { id: string; kind: 'choice'; required: boolean; options: readonly string[] };

/** Longest free-text answer kept; the field's maxLength stops typing there. */
export const ANSWER_MAX_LENGTH = 500;

function answerSchema(question: CheckoutQuestion): StringSchema<string | undefined> {
  if (question.kind === 'text') {
    const write = m('validation.question.write');
    const answer = string().trim().max(ANSWER_MAX_LENGTH, write);
    return question.required ? answer.required(write) : answer;
  }
  const select = m('validation.question.select');
  const allowed = question.required ? question.options : ['', ...question.options];
  return string().test('answer', select, (value) => allowed.includes(value ?? ''));
}

/** Answers keyed by question id ("answers.<id>" in the form). */
export function answersSchema(questions: readonly CheckoutQuestion[]) {
  return object(
    Object.fromEntries(questions.map((question) => [question.id, answerSchema(question)])),
  );
}
