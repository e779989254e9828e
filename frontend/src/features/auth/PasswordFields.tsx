import { useSite } from '../../lib/site/site';
import { PASSWORD_LENGTH_HELP } from '../../ui/validation';
import { TextField } from '../../ui/Field';
import type { TextFieldProps } from '../../ui/Field';

/** A password being chosen, with the platform's current rule (Super Settings) below it. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'help'>) {
  const site = useSite();
  return (
    <TextField
      {...props}
      type="password"
      autoComplete="new-password"
      help={site.data?.password_rule ?? PASSWORD_LENGTH_HELP}
    />
  );
}

/** The new password typed again. */
export function ConfirmPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete'>) {
  return <TextField {...props} type="password" autoComplete="new-password" />;
}
