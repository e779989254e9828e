import { TextField, type TextFieldProps } from '../../ui/Field';

/** The reason a console action is taken, which the audit log keeps: required, at most 500 characters. */
export function ReasonField(props: Omit<TextFieldProps, 'label' | 'required' | 'maxLength'>) {
  return <TextField label="Reason" required maxLength={500} {...props} />;
}
