import { useState } from 'react';
import type { FormEvent } from 'react';
import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
import { ALERT_ACTIONS, ALERT_METRICS, ALERT_OPERATORS, ALERT_WINDOWS } from '@portico/common';
import type { AlertAction, AlertMetric, AlertOperator, AlertRuleRow, AlertWindow } from '@portico/common';
import { useAlertRules, useCreateAlertRule, useDeleteAlertRule, useSetAlertRuleEnabled } from '../api/notifications';
import { useGlobalIntegrations } from '../api/global-integrations';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DataTable } from '../../../ui/DataTable';
import { SelectField, TextField } from '../../../ui/Field';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { errorMessage } from '../../../lib/api/http';
import { dateTime, Note, QueryCard, TitledCell } from '../panels/parts';
import styles from './RulesTab.module.css';
import { Switch } from '../Switch';

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

function RuleForm() {
  const [metric, setMetric] = useState<AlertMetric>('errorRate');
  const [operator, setOperator] = useState<AlertOperator>('>');
  const [value, setValue] = useState('');
  const [alertWindow, setAlertWindow] = useState<AlertWindow>('5m');
  const [actions, setActions] = useState<AlertAction[]>(['email_super_admins']);
  const create = useCreateAlertRule();
  // Posting to Slack is offered only once the global Slack integration is saved.
  const slackConfigured = useGlobalIntegrations().data?.slack.configured ?? false;
  const offered = ALERT_ACTIONS.filter((action) => action !== 'post_slack' || slackConfigured);
  const number = value.trim() === '' ? NaN : Number(value);
  const ready = Number.isFinite(number) && actions.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      { metric, op: operator, value: number, window: alertWindow, actions },
      {
        onSuccess: () => {
          toast.success('Rule created.');
          setValue('');
        },
        onError: (err) => toast.error(errorMessage(err, 'The rule could not be created.')),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="rule-form-title">
      <div className="card-header">
        <h2 className="card-title" id="rule-form-title">
          New rule
        </h2>
      </div>
      <form className="form" onSubmit={submit} aria-label="Alert rule">
        <div className={styles.grid}>
          <SelectField label="Metric" value={metric} onChange={(e) => setMetric(e.target.value as AlertMetric)}>
            {ALERT_METRICS.map((m) => (
              <option key={m} value={m}>
                {METRIC_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Operator" value={operator} onChange={(e) => setOperator(e.target.value as AlertOperator)}>
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
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <SelectField
            label="Window"
            value={alertWindow}
            onChange={(e) => setAlertWindow(e.target.value as AlertWindow)}
          >
            {ALERT_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className={styles.actions}>
          <legend className={styles.legend}>Actions</legend>
          {offered.map((action) => (
            <label key={action} className="checkbox">
              <input
                type="checkbox"
                checked={actions.includes(action)}
                onChange={(e) =>
                  setActions((was) => (e.target.checked ? [...was, action] : was.filter((a) => a !== action)))
                }
              />
              {ACTION_LABELS[action]}
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <Button type="submit" loading={create.isPending} disabled={!ready}>
            Create rule
          </Button>
        </div>
      </form>
    </section>
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
    <QueryCard title="Rules" query={rules} failure="Failed to load the rules.">
      {(rows) => (
        <DataTable
          rows={rows}
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
              className: 'cell-actions',
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
      )}
    </QueryCard>
  );
}
