import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const mutate = vi.fn();
let slackConfigured = false;
const idle = { mutate: vi.fn(), isPending: false, variables: undefined };
vi.mock('../../src/features/console/api/notifications', () => ({
  useCreateAlertRule: () => ({ mutate, isPending: false }),
  useAlertRules: () => ({ isPending: true, isError: false }),
  useSetAlertRuleEnabled: () => idle,
  useDeleteAlertRule: () => idle,
}));
vi.mock('../../src/features/console/api/global-integrations', () => ({
  useGlobalIntegrations: () => ({ data: { slack: { configured: slackConfigured } } }),
}));

const { RulesTab } = await import('../../src/features/console/notifications/RulesTab');

const ruleForm = () => within(screen.getByRole('form', { name: 'Alert rule' }));
const create = () => ruleForm().getByRole('button', { name: 'Create rule' }) as HTMLButtonElement;

describe('the alert rule form', () => {
  beforeEach(() => {
    mutate.mockReset();
    slackConfigured = false;
  });

  it('keeps Create rule disabled until the value is a number, then sends the rule as the API reads it', async () => {
    render(<RulesTab />);
    await waitFor(() => expect(create().disabled).toBe(true));
    await userEvent.selectOptions(ruleForm().getByLabelText('Metric'), 'webhookFailures');
    await userEvent.type(ruleForm().getByLabelText('Value'), '10');
    await userEvent.selectOptions(ruleForm().getByLabelText('Window'), '15m');
    await userEvent.click(ruleForm().getByLabelText('Announce to affected tenant admins'));
    await waitFor(() => expect(create().disabled).toBe(false));
    await userEvent.click(create());
    await waitFor(() => expect(mutate).toHaveBeenCalledOnce());
    expect(mutate.mock.calls[0]![0]).toEqual({
      metric: 'webhookFailures',
      op: '>',
      value: 10,
      window: '15m',
      actions: ['email_super_admins', 'announce_tenant_admins'],
      enabled: true,
    });
  });

  it('asks for at least one action', async () => {
    render(<RulesTab />);
    await userEvent.type(ruleForm().getByLabelText('Value'), '5');
    await userEvent.click(ruleForm().getByLabelText('Email super admins'));
    expect(await ruleForm().findByText('Choose at least one action.')).toBeTruthy();
    expect(create().disabled).toBe(true);
  });

  it('offers Slack only once the global Slack integration is saved', () => {
    const { unmount } = render(<RulesTab />);
    expect(ruleForm().queryByLabelText('Post to the global Slack webhook')).toBeNull();
    unmount();
    slackConfigured = true;
    render(<RulesTab />);
    expect(ruleForm().getByLabelText('Post to the global Slack webhook')).toBeTruthy();
  });
});
