import type { TwoFactorEnrolment } from '@portico/common';
import { twoFactorCodeBody } from '@portico/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { errorMessage } from '../../../lib/api/http';
import { RecoveryCodes } from './RecoveryCodes';
import { Form, FormActions } from '../../../ui/Form';
import styles from './two-factor.module.css';

interface TwoFactorSetupProps {
  /** Names this setup, so starting another (a new challenge) asks for a new secret. */
  setupKey: string;
  start: () => Promise<TwoFactorEnrolment>;
  /** Turns 2FA on with the code; answers the recovery codes. */
  confirm: (code: string) => Promise<string[]>;
  /** After the person said they saved the recovery codes. */
  onDone: () => void;
  /** Offered as Cancel until 2FA is on (nothing changed until then). */
  onCancel?: () => void;
}

/** Setting up two-factor sign-in: the QR code and the secret, a code to confirm, then the recovery codes. */
export function TwoFactorSetup({ setupKey, start, confirm, onDone, onCancel }: TwoFactorSetupProps) {
  // A query, not a mutation: it is asked once per setup even when React mounts the page twice.
  const enrolment = useQuery({
    queryKey: ['two-factor', 'enrolment', setupKey],
    queryFn: start,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const form = useForm({ resolver: zodResolver(twoFactorCodeBody), defaultValues: { code: '' } });
  const turnOn = useMutation({ mutationFn: confirm });

  if (turnOn.data) return <RecoveryCodes codes={turnOn.data} onContinue={onDone} />;
  if (enrolment.isPending)
    return (
      <p role="status">
        <Spinner /> Preparing your QR code…
      </p>
    );
  if (enrolment.isError)
    return (
      <Alert tone="error">
        {errorMessage(enrolment.error, 'Two-factor sign-in could not be set up.')}{' '}
        <Button variant="link" onClick={() => void enrolment.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const { secret, qr_code } = enrolment.data;
  // A refused code clears the server's last answer, so only the field's own message shows.
  const submit = form.handleSubmit(
    ({ code }) => turnOn.mutate(code),
    () => turnOn.reset(),
  );

  return (
    <Form onSubmit={submit} noValidate>
      <ol className={styles.steps}>
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).
          <img className={styles.qr} src={qr_code} alt="QR code to add this account to an authenticator app" />
        </li>
        <li>
          Or type this key into the app by hand:{' '}
          <code className={styles.secret} aria-label="Setup key">
            {secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <TextField
        // The QR code and key are read first; the field is where typing goes once they are.
        autoFocus
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        {...form.register('code')}
        error={form.formState.errors.code?.message ?? null}
      />
      {turnOn.isError && <Alert tone="error">{errorMessage(turnOn.error, 'The code could not be checked.')}</Alert>}
      <FormActions>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={turnOn.isPending}>
          Turn on two-factor sign-in
        </Button>
      </FormActions>
    </Form>
  );
}
