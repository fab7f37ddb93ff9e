import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { TextInput } from '@/components/form/FieldParts';
import { controlProps, LabelledControl } from '@/components/form/LabelledControl';
import { useFieldState } from '@/components/form/useFieldState';
import type { TextFieldProps } from '@/components/form/TextField';
import { editCardNumber } from './cardNumberFormat';

/**
 * The card number, spaced as the card prints it while the buyer types (4-4-4-4, American Express
 * 4-6-5). The spaces are only on screen: the tokeniser is sent the digits alone. The caret stays
 * after the digit it followed, so typing or deleting in the middle does not throw it to the end.
 */
export function CardNumberField(props: TextFieldProps) {
  const { name, label, hint, autoComplete, inputMode, maxLength, spellCheck } = props;
  const state = useFieldState<string>(name, hint !== undefined);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const value = state.field.value ?? '';

  // After every render (the regrouped value is in the box by now), put the caret back.
  useLayoutEffect(() => {
    const box = input.current;
    if (caret.current === null || box === null) return;
    if (document.activeElement === box) box.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType;
    const edit = editCardNumber(
      value,
      box.value,
      box.selectionStart ?? box.value.length,
      inputType,
    );
    caret.current = edit.caret;
    void state.helpers.setValue(edit.value);
  };

  return (
    <LabelledControl state={state} label={label} hint={hint}>
      <TextInput
        {...controlProps(state, props.required ?? true)}
        ref={input}
        onChange={onChange}
        type="text"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        spellCheck={spellCheck}
        $width={props.width ?? 'full'}
      />
    </LabelledControl>
  );
}
