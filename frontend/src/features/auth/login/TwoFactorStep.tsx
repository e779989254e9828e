import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeBody, twoFactorConfirmBody } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { confirmEnrolmentAtSignIn, startEnrolmentAtSignIn } from '../api/two-factor';
import { auth } from '../../../lib/api/client';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Form } from '../../../ui/Form';
import { AuthRowEnd } from '../AuthCard';
import { TextField } from '../../../ui/Field';
import { TwoFactorSetup } from '../two-factor/TwoFactorSetup';
import { loginErrorMessage } from './login-messages';
import { registeredField } from '../../../lib/forms/registered-field';

/** A code from the app (six digits, spaces dropped), or a recovery code, each checked as the API checks it. */
const signInCode = z.discriminatedUnion('recovery', [
  twoFactorCodeBody.extend({ recovery: z.literal(false) }),
  twoFactorConfirmBody.extend({ recovery: z.literal(true) }),
]);

/** The second step of sign-in: a 6-digit code from the app, or a recovery code. */
export function TwoFactorCodeStep({ challengeToken, onDone }: { challengeToken: string; onDone: () => void }) {
  const form = useForm<z.input<typeof signInCode>, unknown, z.output<typeof signInCode>>({
    resolver: zodResolver(signInCode),
    defaultValues: { recovery: false, code: '' },
    // The message stays until the next attempt, as the server's answer does.
    reValidateMode: 'onSubmit',
  });
  const recovery = useWatch({ control: form.control, name: 'recovery' });
  const verify = useMutation({
    mutationFn: (value: string) => auth.signInWithTwoFactor({ challenge_token: challengeToken, code: value }),
    onSuccess: onDone,
  });

  const submit = form.handleSubmit(({ code }) => verify.mutate(code));

  function toggle() {
    form.reset({ recovery: !recovery, code: '' });
    verify.reset();
  }

  return (
    <Form
      onSubmit={(event) => {
        verify.reset();
        void submit(event);
      }}
      noValidate
    >
      <TextField
        // A new key moves focus to the field whichever kind of code is asked for.
        key={recovery ? 'recovery' : 'totp'}
        autoFocus
        label={recovery ? 'Recovery code' : 'Authentication code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 40 : 9}
        {...registeredField(form, 'code')}
        help={recovery ? 'One of the codes you saved when you set up two-factor sign-in; each works once.' : undefined}
      />
      {verify.isError && <Alert tone="error">{loginErrorMessage(verify.error)}</Alert>}
      <AuthRowEnd>
        <Button variant="link" onClick={toggle}>
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Button>
      </AuthRowEnd>
      <Button type="submit" block loading={verify.isPending}>
        Verify
      </Button>
    </Form>
  );
}

/** Enrolment the platform requires before the first session: set up, save the recovery codes, then sign in. */
export function EnrolAtSignIn({ challengeToken, onDone }: { challengeToken: string; onDone: () => void }) {
  // The session waits until the person says they saved the recovery codes: signing in would leave this page.
  const session = useRef<unknown>(null);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <>
      <TwoFactorSetup
        setupKey={challengeToken}
        start={() => startEnrolmentAtSignIn(challengeToken)}
        confirm={async (code) => {
          const answer = await confirmEnrolmentAtSignIn(challengeToken, code);
          session.current = answer.session;
          return answer.recovery_codes;
        }}
        onDone={() => {
          try {
            auth.adoptSession(session.current);
            onDone();
          } catch (error) {
            setFailure(error);
          }
        }}
      />
      {failure !== null && <Alert tone="error">{loginErrorMessage(failure)}</Alert>}
    </>
  );
}
