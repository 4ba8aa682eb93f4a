import { Checkbox } from '@chakra-ui/react';
import { useController, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';

interface EditorCheckboxProps<Values extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Values, unknown, Output>;
  name: FieldPathByValue<Values, boolean>;
  label: string;
}

/** A yes / no field of an admin editor (published, featured), with a 44 px tap target. */
export function EditorCheckbox<Values extends FieldValues, Output extends FieldValues>({
  form,
  name,
  label,
}: EditorCheckboxProps<Values, Output>) {
  const { field } = useController({ control: form.control, name });

  return (
    <Checkbox.Root
      checked={field.value === true}
      onCheckedChange={({ checked }) => field.onChange(checked === true)}
      name={field.name}
      minH="11"
    >
      <Checkbox.HiddenInput onBlur={field.onBlur} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
