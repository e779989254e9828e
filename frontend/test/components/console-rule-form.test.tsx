import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnswerTable } from '../fake-fetch';
import { RulesTab } from '../../src/features/console/notifications/RulesTab';
import { renderApp } from './render-app';

const ruleForm = () => within(screen.getByRole('form', { name: 'Alert rule' }));
const create = () => ruleForm().getByRole('button', { name: 'Create rule' }) as HTMLButtonElement;

/** The console's server: no rules yet, and the global Slack integration saved or not. */
function server(slackConfigured: boolean): AnswerTable {
  return {
    'GET /api/notifications/rules': { status: 200, body: { rules: [] } },
    'GET /api/super/integrations': { status: 200, body: { integrations: { slack: { configured: slackConfigured } } } },
    'POST /api/notifications/rules': { status: 201, body: { rule: {} } },
  };
}

describe('the alert rule form', () => {
  it('keeps Create rule disabled until the value is a number, then sends the rule as the API reads it', async () => {
    const { calls, user } = renderApp(<RulesTab />, { answers: server(false) });
    await waitFor(() => expect(create().disabled).toBe(true));
    await user.selectOptions(ruleForm().getByLabelText('Metric'), 'webhookFailures');
    await user.type(ruleForm().getByLabelText('Value'), '10');
    await user.selectOptions(ruleForm().getByLabelText('Window'), '15m');
    await user.click(ruleForm().getByLabelText('Announce to affected tenant admins'));
    await waitFor(() => expect(create().disabled).toBe(false));
    await user.click(create());
    expect(await screen.findByText('Rule created.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        '/api/notifications/rules',
        {
          metric: 'webhookFailures',
          op: '>',
          value: 10,
          window: '15m',
          actions: ['email_super_admins', 'announce_tenant_admins'],
          enabled: true,
        },
      ],
    ]);
    expect((ruleForm().getByLabelText('Value') as HTMLInputElement).value).toBe('');
  });

  it('asks for at least one action', async () => {
    const { user } = renderApp(<RulesTab />, { answers: server(false) });
    await user.type(ruleForm().getByLabelText('Value'), '5');
    await user.click(ruleForm().getByLabelText('Email super admins'));
    expect(await ruleForm().findByText('Choose at least one action.')).toBeTruthy();
    expect(create().disabled).toBe(true);
  });

  it('does not offer Slack while the global Slack integration is not saved', async () => {
    const { calls } = renderApp(<RulesTab />, { answers: server(false) });
    expect(await screen.findByText('No alert rules yet.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/super/integrations')).toBe(true));
    expect(ruleForm().queryByLabelText('Post to the global Slack webhook')).toBeNull();
  });

  it('offers Slack once the global Slack integration is saved', async () => {
    renderApp(<RulesTab />, { answers: server(true) });
    expect(await ruleForm().findByLabelText('Post to the global Slack webhook')).toBeTruthy();
  });
});
