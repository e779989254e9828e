import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { GLOBAL_INTEGRATION_KEYS, globalIntegrationBody } from '@portico/common';
import type { GlobalIntegrationKey, GlobalIntegrationRow, GlobalIntegrationTest } from '@portico/common';
import { useGlobalIntegrations, useSaveGlobalIntegration, useTestGlobalIntegration } from '../api/global-integrations';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FormActions } from '../../../ui/Form';
import { errorMessage } from '../../../lib/api/http';
import { dateTime, Note, QueryCard, TitledCell } from '../panels/parts';
import styles from './GlobalIntegrationsCard.module.css';

export const INTEGRATION_NAMES: Record<GlobalIntegrationKey, string> = {
  slack: 'Slack',
  sendgrid: 'SendGrid',
  google: 'Google',
  microsoft: 'Microsoft',
  cloudflare: 'Cloudflare',
  automation: 'Automation',
};

/** The six global integrations, each with its masked value, a field to replace it and its Test. */
export function GlobalIntegrationsCard() {
  const integrations = useGlobalIntegrations();
  return (
    <QueryCard title="Global integrations" query={integrations} failure="Failed to load the integrations.">
      {(rows) => (
        <ul className={styles.list}>
          {GLOBAL_INTEGRATION_KEYS.map((key) => (
            <GlobalIntegrationItem key={key} integrationKey={key} row={rows[key]} />
          ))}
        </ul>
      )}
    </QueryCard>
  );
}

function GlobalIntegrationItem({
  integrationKey,
  row,
}: {
  integrationKey: GlobalIntegrationKey;
  row: GlobalIntegrationRow;
}) {
  const name = INTEGRATION_NAMES[integrationKey];
  const form = useForm<z.input<typeof globalIntegrationBody>, unknown, z.output<typeof globalIntegrationBody>>({
    resolver: zodResolver(globalIntegrationBody),
    defaultValues: { value: '' },
    mode: 'onChange',
  });
  const [outcome, setOutcome] = useState<GlobalIntegrationTest | null>(null);
  const save = useSaveGlobalIntegration();
  const test = useTestGlobalIntegration();

  const submit = form.handleSubmit(({ value }) =>
    save.mutate(
      { key: integrationKey, value },
      {
        onSuccess: () => {
          toast.success(`${name} saved.`);
          form.reset();
          setOutcome(null);
        },
        onError: (err) => toast.error(errorMessage(err, `${name} could not be saved.`)),
      },
    ),
  );

  function runTest() {
    setOutcome(null);
    test.mutate(integrationKey, {
      onSuccess: setOutcome,
      onError: (err) => toast.error(errorMessage(err, `${name} could not be tested.`)),
    });
  }

  return (
    <li className={styles.item} data-integration={integrationKey}>
      <div className={styles.head}>
        <TitledCell title={name} />
        {row.configured ? <Badge tone="green">Configured</Badge> : <Badge tone="gray">Not configured</Badge>}
      </div>
      <Note as="p">{row.description}</Note>
      <Note as="p">
        {row.masked ? <span aria-label={`${name} saved value`}>Saved: {row.masked}</span> : 'Nothing saved.'}
        {' · '}Last used: {row.lastUsedAt ? dateTime(row.lastUsedAt) : 'never'}
      </Note>
      <form
        className={styles.form}
        onSubmit={(event) => void submit(event)}
        aria-label={`${name} integration`}
        noValidate
      >
        <TextField
          label={row.configured ? `New ${name} value` : `${name} value`}
          type="password"
          autoComplete="off"
          {...form.register('value')}
          error={form.formState.dirtyFields.value ? form.formState.errors.value?.message : null}
        />
        <FormActions>
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isValid}>
            Save
          </Button>
          <Button
            type="button"
            variant="secondary"
            loading={test.isPending}
            disabled={!row.configured}
            onClick={runTest}
          >
            Test
          </Button>
        </FormActions>
      </form>
      {outcome && <Alert tone={outcome.ok ? 'success' : 'info'}>{outcome.message}</Alert>}
    </li>
  );
}
