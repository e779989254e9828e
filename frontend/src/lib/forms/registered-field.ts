import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

/** A kit field's registration in a react-hook-form form, with the field's error sentence. */
export function registeredField<Fields extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Fields, unknown, Output>,
  name: Path<Fields>,
  options?: RegisterOptions<Fields, Path<Fields>>,
) {
  return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
}
