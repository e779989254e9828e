import { twoFactorConfirmBody } from '@portico/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  confirmEnrolment,
  startEnrolment,
  useDisableTwoFactor,
  useRefreshTwoFactorStatus,
  useRegenerateRecoveryCodes,
  useTwoFactorStatus,
} from '../api/two-factor';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { SettingsSection } from '../../../ui/SettingsSection';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorSetup } from './TwoFactorSetup';
import { Form, FormActions } from '../../../ui/Form';

/** Two-factor sign-in on the person's own settings: set it up, replace the recovery codes, turn it off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactorStatus();
  const [settingUp, setSettingUp] = useState(false);

  let body;
  if (status.isPending) body = <Skeleton height={40} />;
  else if (status.isError)
    body = <Alert tone="error">{errorMessage(status.error, 'Two-factor sign-in could not be loaded.')}</Alert>;
  else if (settingUp)
    body = (
      <TwoFactorSetup
        setupKey="account"
        start={startEnrolment}
        confirm={confirmEnrolment}
        onCancel={() => setSettingUp(false)}
        onDone={() => {
          setSettingUp(false);
          toast.success('Two-factor sign-in is on');
          void refresh();
        }}
      />
    );
  else if (status.data.enabled)
    body = <ManageTwoFactor required={status.data.required} left={status.data.recovery_codes_left} />;
  else
    body = (
      <>
        <p>
          Two-factor sign-in is <strong>off</strong>.
          {status.data.required && ' This platform requires it: set it up now.'}
        </p>
        <FormActions>
          <Button onClick={() => setSettingUp(true)}>Set up two-factor sign-in</Button>
        </FormActions>
      </>
    );

  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
    >
      {body}
    </SettingsSection>
  );
}

function ManageTwoFactor({ required, left }: { required: boolean; left: number }) {
  const form = useForm({ resolver: zodResolver(twoFactorConfirmBody), defaultValues: { code: '' } });
  const [codes, setCodes] = useState<string[] | null>(null);
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const failure = disable.error ?? regenerate.error;

  if (codes) return <RecoveryCodes codes={codes} onContinue={() => setCodes(null)} />;

  const act = (action: 'disable' | 'regenerate') =>
    void form.handleSubmit(
      ({ code }) => {
        disable.reset();
        regenerate.reset();
        if (action === 'disable')
          disable.mutate(code, {
            onSuccess: () => {
              form.reset();
              toast.success('Two-factor sign-in is off');
            },
          });
        else
          regenerate.mutate(code, {
            onSuccess: (fresh) => {
              form.reset();
              setCodes(fresh);
            },
          });
      },
      () => {
        disable.reset();
        regenerate.reset();
      },
    )();

  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <p>
        Two-factor sign-in is <strong>on</strong>. {left} recovery code{left === 1 ? '' : 's'} left.
      </p>
      <TextField
        label="Code from your app or a recovery code"
        autoComplete="one-time-code"
        {...form.register('code')}
        error={form.formState.errors.code?.message ?? null}
        help="Needed to replace your recovery codes or turn two-factor sign-in off."
      />
      {failure && <Alert tone="error">{errorMessage(failure, 'The code could not be checked.')}</Alert>}
      {required && <Alert tone="info">This platform requires two-factor sign-in, so it cannot be turned off.</Alert>}
      <FormActions>
        <Button variant="secondary" loading={regenerate.isPending} onClick={() => act('regenerate')}>
          New recovery codes
        </Button>
        {!required && (
          <Button variant="danger" loading={disable.isPending} onClick={() => act('disable')}>
            Turn off
          </Button>
        )}
      </FormActions>
    </Form>
  );
}
