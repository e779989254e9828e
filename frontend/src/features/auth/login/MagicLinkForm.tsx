import { zodResolver } from '@hookform/resolvers/zod';
import { magicCodeFields, magicLinkRequestBody, type TwoFactorChallengeAnswer } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { auth } from '../../../lib/api/client';
import { request } from '../../../lib/api/http';
import type { Session } from '../../../lib/api/types';
import { registeredField } from '../../../lib/forms/registered-field';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { EmailField } from '../EmailField';
import { loginErrorMessage } from './login-messages';

/** What a sign-in by link or code answers: a session, or the second step. */
export type MagicSignInAnswer = Session | TwoFactorChallengeAnswer;

const emailOnly = magicLinkRequestBody.pick({ email: true });
type CodeFields = z.output<typeof magicCodeFields>;

/**
 * "Email me a sign-in link": the address, then "check your email" with the code the email shows,
 * for a person reading their mail on another device.
 */
export function MagicLinkForm({
  initialEmail,
  tenantId,
  onAnswer,
}: {
  initialEmail: string;
  tenantId: string | null;
  onAnswer: (answer: MagicSignInAnswer) => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof emailOnly>, unknown, z.output<typeof emailOnly>>({
    resolver: zodResolver(emailOnly),
    defaultValues: { email: initialEmail },
  });
  const send = useMutation({
    mutationFn: (email: string) =>
      request('/api/auth/magic-link', { method: 'POST', body: tenantId ? { email, tenant_id: tenantId } : { email } }),
    onSuccess: (_answer, email) => setSentTo(email),
  });

  if (sentTo) {
    return (
      <>
        <Alert tone="success">
          Check your email. If {sentTo} can sign in this way, we sent it a link: open it in this browser within 15
          minutes, or enter the 6-digit code it shows.
        </Alert>
        <MagicCodeForm email={sentTo} onAnswer={onAnswer} />
        <Button
          variant="link"
          onClick={() => {
            send.reset();
            setSentTo(null);
          }}
        >
          Use another email
        </Button>
      </>
    );
  }

  const onSubmit = form.handleSubmit(({ email }) => send.mutate(email));
  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate>
      <EmailField autoFocus {...registeredField(form, 'email')} />
      {send.isError && <Alert tone="error">{loginErrorMessage(send.error)}</Alert>}
      <Button type="submit" block loading={send.isPending}>
        Email me a sign-in link
      </Button>
    </Form>
  );
}

/** The 6-digit code of a sign-in email, with the address it went to (asked for when it is not known). */
export function MagicCodeForm({ email, onAnswer }: { email?: string; onAnswer: (answer: MagicSignInAnswer) => void }) {
  const form = useForm<z.input<typeof magicCodeFields>, unknown, CodeFields>({
    resolver: zodResolver(magicCodeFields),
    defaultValues: { email: email ?? '', code: '' },
    // The message stays until the next attempt, as the server's answer does.
    reValidateMode: 'onSubmit',
  });
  const verify = useMutation({
    mutationFn: (fields: CodeFields) => auth.signInWithMagicLink(fields),
    onSuccess: onAnswer,
  });
  const onSubmit = form.handleSubmit((fields) => verify.mutate(fields));
  return (
    <Form
      onSubmit={(event) => {
        verify.reset();
        void onSubmit(event);
      }}
      noValidate
    >
      {email === undefined && <EmailField {...registeredField(form, 'email')} />}
      <TextField
        label="Sign-in code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...registeredField(form, 'code')}
      />
      {verify.isError && <Alert tone="error">{loginErrorMessage(verify.error)}</Alert>}
      <Button type="submit" block loading={verify.isPending}>
        Sign In with Code
      </Button>
    </Form>
  );
}
