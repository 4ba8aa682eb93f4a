import { Field, Flex, Input, Text, Textarea } from '@chakra-ui/react';
import { useFormState, useWatch, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';

interface EditorTextFieldProps<Values extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPathByValue<Values, string>;
  label: string;
  /** The field's limit: the input takes no more. */
  maxLength: number;
  /** Shows how much of the limit is used. */
  counted?: boolean;
  required?: boolean;
  /** A textarea of `rows` rows instead of an input. */
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'url';
  helper?: string;
  /** Rewrites the text as it is typed (the slug). */
  transform?: (value: string) => string;
}

/** A labelled input or textarea of an admin editor, with its error (or helper) and its counter. */
export function EditorTextField<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  label,
  maxLength,
  counted = false,
  required = false,
  multiline = false,
  rows = 5,
  type = 'text',
  helper,
  transform,
}: EditorTextFieldProps<Values, Output>) {
  const { register, control, getFieldState } = form;
  // Subscribed per field, so a keystroke re-renders only the field typed in.
  const value: unknown = useWatch({ control, name });
  const { error } = getFieldState(name, useFormState({ control, name }));
  const registration = register(name);
  // The rewrite has to happen before react-hook-form reads the value, so it wraps onChange.
  const onChange: typeof registration.onChange = transform
    ? (event) => {
        const target = event.target as HTMLInputElement;
        target.value = transform(target.value);
        return registration.onChange(event);
      }
    : registration.onChange;
  const fieldProps = { ...registration, onChange, maxLength, placeholder: type === 'url' ? 'https://' : undefined };

  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? <Textarea rows={rows} {...fieldProps} /> : <Input type={type} {...fieldProps} />}
      <Flex justify="space-between" gap="3" width="100%">
        {error ? (
          <Field.ErrorText>{error.message}</Field.ErrorText>
        ) : (
          helper && <Field.HelperText>{helper}</Field.HelperText>
        )}
        {counted && (
          <Text ms="auto" flexShrink={0} textStyle="xs" color="fg.muted" data-testid={`${name}-counter`}>
            {typeof value === 'string' ? value.length : 0}/{maxLength}
          </Text>
        )}
      </Flex>
    </Field.Root>
  );
}
