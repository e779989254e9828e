import {
  PASSWORD_LENGTH_HELP,
  PASSWORD_TOO_SHORT,
  PASSWORDS_MUST_MATCH,
  isLongEnoughPassword,
} from '../lib/validation';
import { TextField } from './Field';
import type { TextFieldProps } from './Field';

type PasswordInputProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'value' | 'help' | 'error'> & {
  value: string;
};

/** A password being chosen: the length rule below it, and its error once something is typed. */
export function NewPasswordField({ value, ...field }: PasswordInputProps) {
  return (
    <TextField
      {...field}
      type="password"
      autoComplete="new-password"
      value={value}
      help={PASSWORD_LENGTH_HELP}
      error={value && !isLongEnoughPassword(value) ? PASSWORD_TOO_SHORT : null}
    />
  );
}

/** The new password typed again; says so once it differs from `password`. */
export function ConfirmPasswordField({ value, password, ...field }: PasswordInputProps & { password: string }) {
  return (
    <TextField
      {...field}
      type="password"
      autoComplete="new-password"
      value={value}
      error={value && value !== password ? PASSWORDS_MUST_MATCH : null}
    />
  );
}
