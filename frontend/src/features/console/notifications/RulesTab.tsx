import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { ALERT_ACTIONS, ALERT_METRICS, ALERT_OPERATORS, ALERT_WINDOWS, alertRuleBody } from '@portico/common';
import type { AlertAction, AlertMetric, AlertRuleRow } from '@portico/common';
import { useAlertRules, useCreateAlertRule, useDeleteAlertRule, useSetAlertRuleEnabled } from '../api/notifications';
import { useGlobalIntegrations } from '../api/global-integrations';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { CheckboxField, SelectField, TextField } from '../../../ui/Field';
import { Form, FormActions } from '../../../ui/Form';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { errorMessage } from '../../../lib/api/http';
import { CardBody, dateTime, Legend, Note, QueryTableCard, TitledCard, TitledCell } from '../panels/parts';
import styles from './RulesTab.module.css';
import { Switch } from '../../../ui/Switch';

const METRIC_LABELS: Record<AlertMetric, string> = {
  errorRate: 'errorRate (% of answers that are 5xx)',
  queueDepth: 'queueDepth (jobs waiting)',
  webhookFailures: 'webhookFailures (failed attempts)',
};

export const ACTION_LABELS: Record<AlertAction, string> = {
  email_super_admins: 'Email super admins',
  announce_tenant_admins: 'Announce to affected tenant admins',
  post_slack: 'Post to the global Slack webhook',
};

/** The Rules tab: a rule's form, and the rules with their state. */
export function RulesTab() {
  return (
    <>
      <RuleForm />
      <RulesTable />
    </>
  );
}

type RuleFields = z.input<typeof alertRuleBody>;

function RuleForm() {
  const form = useForm<RuleFields, unknown, z.output<typeof alertRuleBody>>({
    resolver: zodResolver(alertRuleBody),
    defaultValues: { metric: 'errorRate', op: '>', value: '', window: '5m', actions: ['email_super_admins'] },
    mode: 'onChange',
  });
  const create = useCreateAlertRule();
  // Posting to Slack is offered only once the global Slack integration is saved.
  const slackConfigured = useGlobalIntegrations().data?.slack.configured ?? false;
  const offered = ALERT_ACTIONS.filter((action) => action !== 'post_slack' || slackConfigured);
  const { errors, touchedFields, isValid } = form.formState;
  const actionsErrorId = useId();

  const submit = form.handleSubmit((rule) =>
    create.mutate(rule, {
      onSuccess: () => {
        toast.success('Rule created.');
        form.reset({ ...form.getValues(), value: '' });
      },
      onError: (err) => toast.error(errorMessage(err, 'The rule could not be created.')),
    }),
  );

  return (
    <TitledCard title="New rule">
      <CardBody>
        <Form onSubmit={(event) => void submit(event)} aria-label="Alert rule" noValidate>
          <div className={styles.grid}>
            <SelectField label="Metric" {...form.register('metric')}>
              {ALERT_METRICS.map((m) => (
                <option key={m} value={m}>
                  {METRIC_LABELS[m]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Operator" {...form.register('op')}>
              {ALERT_OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {o === '>' ? '> (above)' : '< (below)'}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Value"
              type="number"
              step="any"
              required
              {...form.register('value')}
              error={touchedFields.value ? errors.value?.message : null}
            />
            <SelectField label="Window" {...form.register('window')}>
              {ALERT_WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </SelectField>
          </div>
          <fieldset className={styles.actions} aria-describedby={errors.actions ? actionsErrorId : undefined}>
            <Legend>Actions</Legend>
            {offered.map((action) => (
              <CheckboxField key={action} label={ACTION_LABELS[action]} value={action} {...form.register('actions')} />
            ))}
          </fieldset>
          {errors.actions && (
            <p id={actionsErrorId} className={styles.error}>
              {errors.actions.message}
            </p>
          )}
          <FormActions>
            <Button type="submit" loading={create.isPending} disabled={!isValid}>
              Create rule
            </Button>
          </FormActions>
        </Form>
      </CardBody>
    </TitledCard>
  );
}

const conditionOf = (rule: AlertRuleRow) => `${rule.op} ${rule.value} over ${rule.window}`;

function RulesTable() {
  const rules = useAlertRules();
  const setEnabled = useSetAlertRuleEnabled();
  const remove = useDeleteAlertRule();
  const [confirming, setConfirming] = useState<string | null>(null);

  const toggle = (rule: AlertRuleRow) =>
    setEnabled.mutate(
      { id: rule.id, enabled: !rule.enabled },
      { onError: (err) => toast.error(errorMessage(err, 'The rule could not be changed.')) },
    );

  return (
    <QueryTableCard
      title="Rules"
      query={rules}
      failure="Failed to load the rules."
      rowKey={(rule) => rule.id}
      rowAttributes={(rule) => ({ 'data-rule-id': rule.id })}
      empty={{ icon: BellRing, message: 'No alert rules yet.' }}
      columns={[
        {
          header: 'Metric',
          cell: (rule) => (
            <>
              <TitledCell title={rule.metric} />
              {rule.firing && <Badge tone="red">Firing</Badge>}
            </>
          ),
        },
        {
          header: 'Condition',
          cell: (rule) => (
            <>
              {conditionOf(rule)}
              {rule.last_value !== null && <Note>Last figure {rule.last_value}</Note>}
            </>
          ),
        },
        { header: 'Actions', cell: (rule) => rule.actions.map((a) => ACTION_LABELS[a]).join(', ') },
        {
          header: 'Enabled',
          cell: (rule) => (
            <Switch
              label={`Enabled: ${rule.metric} ${conditionOf(rule)}`}
              checked={rule.enabled}
              disabled={setEnabled.isPending && setEnabled.variables?.id === rule.id}
              onChange={() => toggle(rule)}
            />
          ),
        },
        { header: 'Last triggered', cell: (rule) => dateTime(rule.last_triggered_at) },
        {
          header: 'Delete',
          hideHeader: true,
          variant: 'actions',
          cell: (rule) =>
            confirming === rule.id ? (
              <InlineConfirm
                question="Delete this rule?"
                busy={remove.isPending}
                onCancel={() => setConfirming(null)}
                onConfirm={() =>
                  remove.mutate(rule.id, {
                    onSuccess: () => toast.success('Rule deleted.'),
                    onError: (err) => toast.error(errorMessage(err, 'The rule could not be deleted.')),
                    onSettled: () => setConfirming(null),
                  })
                }
              />
            ) : (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Delete rule ${rule.metric} ${conditionOf(rule)}`}
                onClick={() => setConfirming(rule.id)}
              >
                Delete
              </Button>
            ),
        },
      ]}
    />
  );
}
