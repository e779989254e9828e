import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SIGN_IN_PROVIDER_KEYS, SIGN_IN_PROVIDER_NAMES, authSettingsBody } from '@portico/common';
import type { AuthSettingsBody, SignInProviderKey } from '@portico/common';
import { errorMessage } from '../../lib/api/http';
import type { ApiAnswer } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FieldFrame, TextField } from '../../ui/Field';
import { Form, FormActions, FormGrid } from '../../ui/Form';
import { Switch } from '../../ui/Switch';
import { useSaveSettingsSection } from './api/settings';
import styles from './SignInProvidersForm.module.css';

/** Super Settings → Auth as saved: each provider's secret masked, or null when none is saved. */
/** How long the 'Saved' toast shows (platform-console §9). */
export const SAVED_TOAST_MS = 2000;

type SavedAuth = ApiAnswer<'get', '/settings'>['settings']['auth'];

interface ProviderFields {
  enabled: boolean;
  clientId: string;
  /** A new secret; empty keeps the saved one. */
  clientSecret: string;
}
type Fields = { providers: Record<SignInProviderKey, ProviderFields> };
type Checked = Pick<AuthSettingsBody, 'providers'>;

// The API's own check of the providers (a provider switched on needs its client ID; lengths).
const providersSchema = authSettingsBody.pick({ providers: true }) as unknown as z.ZodType<Checked, Fields>;

const fieldsOf = (saved: SavedAuth): Fields => ({
  providers: Object.fromEntries(
    SIGN_IN_PROVIDER_KEYS.map((key) => [
      key,
      { enabled: saved.providers[key].enabled, clientId: saved.providers[key].clientId, clientSecret: '' },
    ]),
  ) as Fields['providers'],
});

/** A secret left empty is not sent: the saved one stays. */
const withoutEmptySecrets = (providers: NonNullable<Checked['providers']>) =>
  Object.fromEntries(
    SIGN_IN_PROVIDER_KEYS.map((key) => {
      const { clientSecret, ...rest } = providers[key];
      return [key, clientSecret ? { ...rest, clientSecret } : rest];
    }),
  ) as NonNullable<Checked['providers']>;

/**
 * Super Settings → Auth's sign-in providers: each switched on with its client ID and secret. The secret is
 * write-only (the settings answer it masked), so its field starts empty and an empty one keeps it.
 */
export function SignInProvidersForm({ saved }: { saved: SavedAuth }) {
  const form = useForm<Fields, unknown, Checked>({
    resolver: zodResolver(providersSchema),
    defaultValues: fieldsOf(saved),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSettingsSection();
  const headingId = useId();

  const submit = form.handleSubmit(({ providers }) => {
    setError(null);
    const { require2fa, sessionMaxHours, sessionIdleMinutes } = saved;
    save.mutate(
      {
        section: 'auth',
        values: {
          require2fa,
          sessionMaxHours,
          sessionIdleMinutes,
          providers: providers && withoutEmptySecrets(providers),
        },
      },
      {
        onSuccess: () => toast.success('Saved', { duration: SAVED_TOAST_MS }),
        onError: (err) => setError(errorMessage(err, 'The sign-in providers could not be saved.')),
      },
    );
  });

  return (
    <Form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby={headingId} noValidate>
      <h3 id={headingId} className={styles.heading}>
        Sign-in providers
      </h3>
      {error && <Alert tone="error">{error}</Alert>}
      {SIGN_IN_PROVIDER_KEYS.map((key) => (
        <ProviderFieldset key={key} providerKey={key} masked={saved.providers[key].clientSecret} form={form} />
      ))}
      <FormActions>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setError(null);
            form.reset();
          }}
        >
          Reset
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save providers
        </Button>
      </FormActions>
    </Form>
  );
}

function ProviderFieldset({
  providerKey: key,
  masked,
  form,
}: {
  providerKey: SignInProviderKey;
  masked: string | null;
  form: UseFormReturn<Fields, unknown, Checked>;
}) {
  const name = SIGN_IN_PROVIDER_NAMES[key];
  const switchId = useId();
  const errors = form.formState.errors.providers?.[key];
  return (
    <fieldset className={styles.provider}>
      <legend className={styles.legend}>{name}</legend>
      <FieldFrame
        id={switchId}
        label={`${name} sign-in`}
        help={
          <>
            Register{' '}
            <code className={styles.address}>{`${window.location.origin}/api/auth/oauth/${key}/callback`}</code> as the
            redirect URI at {name}.
          </>
        }
      >
        <Switch id={switchId} {...form.register(`providers.${key}.enabled`)} />
      </FieldFrame>
      <FormGrid>
        <TextField
          label={`${name} client ID`}
          autoComplete="off"
          {...form.register(`providers.${key}.clientId`)}
          error={errors?.clientId?.message}
        />
        <TextField
          label={`${name} client secret`}
          type="password"
          autoComplete="new-password"
          help={masked ? `Saved ${masked}. Leave empty to keep it.` : 'None saved.'}
          {...form.register(`providers.${key}.clientSecret`)}
          error={errors?.clientSecret?.message}
        />
      </FormGrid>
    </fieldset>
  );
}
