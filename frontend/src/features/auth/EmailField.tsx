import { TextField } from '../../ui/Field';
import type { TextFieldProps } from '../../ui/Field';

/** The address a person signs in with, as sign-in and its reset dialog ask for it. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField label="Email" type="email" autoComplete="email" required {...props} />;
}
