import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { WORKSPACE_SSO_MESSAGES, workspaceSsoBody } from '@portico/common';
import { errorMessage } from '../../lib/api/http';
import type { ApiAnswer } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CopyLink } from '../../ui/CopyLink';
import { FieldFrame, TextField } from '../../ui/Field';
import { Form, FormActions, FormGrid } from '../../ui/Form';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { Switch } from '../../ui/Switch';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import { useRemoveWorkspaceSso, useSaveWorkspaceSso } from './sso-api';
import styles from './SsoForm.module.css';

type Answer = ApiAnswer<'get', '/workspace/sso'>;

interface Fields {
  issuer: string;
  client_id: string;
  /** A new secret; empty keeps the saved one. */
  client_secret: string;
  enabled: boolean;
  required_for_team: boolean;
}

// The API's own checks, with an empty secret read as "keep the saved one" (the API then asks for one when none is saved).
const extended = workspaceSsoBody.extend({
  client_secret: z.string().transform((value) => value || undefined),
});
type Checked = z.output<typeof extended>;
const schema = extended as unknown as z.ZodType<Checked, Fields>;

const fieldsOf = (sso: Answer['sso']): Fields => ({
  issuer: sso?.issuer ?? '',
  client_id: sso?.client_id ?? '',
  client_secret: '',
  enabled: sso?.enabled ?? true,
  required_for_team: sso?.required_for_team ?? false,
});

/** The provider's issuer, client ID and write-only secret, its switches, the callback address, and Remove. */
export function SsoForm({
  tenantId,
  workspaceName,
  answer,
}: {
  tenantId: string;
  workspaceName: string;
  answer: Answer;
}) {
  const form = useForm<Fields, unknown, Checked>({
    resolver: zodResolver(schema),
    values: fieldsOf(answer.sso),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWorkspaceSso(tenantId);
  const remove = useRemoveWorkspaceSso(tenantId);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();
  const enabledId = useId();
  const requiredId = useId();
  const { errors } = form.formState;
  const masked = answer.sso?.client_secret;

  const submit = form.handleSubmit((values) => {
    setError(null);
    save.mutate(values, {
      onSuccess: () => toast.success('Single sign-on saved.'),
      onError: (err) => setError(errorMessage(err, 'Single sign-on could not be saved.')),
    });
  });

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label="Single sign-on" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.callback}>
        <p>Register this callback address as the redirect URI of Portico’s client at your identity provider:</p>
        <CopyLink link={answer.callback_url} label="Callback address" />
      </div>
      <TextField
        label="Issuer URL"
        placeholder="https://login.example.com"
        inputMode="url"
        autoComplete="off"
        help="Portico reads its OpenID Connect discovery document when you save."
        {...form.register('issuer')}
        error={errors.issuer?.message}
      />
      <FormGrid>
        <TextField
          label="Client ID"
          autoComplete="off"
          {...form.register('client_id')}
          error={errors.client_id?.message}
        />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          help={masked ? `Saved ${masked}. Leave empty to keep it.` : WORKSPACE_SSO_MESSAGES.clientSecret}
          {...form.register('client_secret')}
          error={errors.client_secret?.message}
        />
      </FormGrid>
      <FieldFrame id={enabledId} label={`Offer “Sign in with ${workspaceName}”`}>
        <Switch id={enabledId} {...form.register('enabled')} />
      </FieldFrame>
      <FieldFrame
        id={requiredId}
        label="Require it for the team"
        help="Admins (you too, unless you are the owner) and team members can then open this workspace only after signing in with it; clients are not affected. The owner can always sign in with their password, so a broken identity provider cannot lock the workspace."
      >
        <Switch id={requiredId} {...form.register('required_for_team')} />
      </FieldFrame>
      <FormActions split={Boolean(answer.sso)}>
        {answer.sso &&
          (confirming ? (
            <InlineConfirm
              question="Remove single sign-on?"
              busy={remove.isPending}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success('Single sign-on removed.'),
                  onError: (err) => setError(errorMessage(err, 'Single sign-on could not be removed.')),
                  onSettled: cancel,
                })
              }
              onCancel={cancel}
            />
          ) : (
            <Button ref={triggerRef} variant="secondary" onClick={ask}>
              Remove
            </Button>
          ))}
        <Button type="submit" loading={save.isPending}>
          Save single sign-on
        </Button>
      </FormActions>
    </Form>
  );
}
