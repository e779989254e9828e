import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { PASSWORD_COMPLEXITIES, SETTINGS_SECTIONS } from '@portico/common';
import type { PlatformSettings, SettingsSection } from '@portico/common';
import { useFlags } from '../../lib/api/flags';
import { useSaveSettingsSection, useSetFlag, useSettings } from './api/settings';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../lib/api/http';
import { CardBody, QueryCard } from './panels/parts';
import { SAVED_TOAST_MS, SignInProvidersForm } from './SignInProvidersForm';
import styles from './SettingsPage.module.css';

type FieldKind = 'text' | 'email' | 'url' | 'number' | 'list' | 'complexity' | 'boolean';

interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  help?: string;
}

interface SectionSpec {
  section: SettingsSection;
  title: string;
  fields: FieldSpec[];
}

const COMPLEXITY_LABELS: Record<(typeof PASSWORD_COMPLEXITIES)[number], string> = {
  none: 'Length only',
  letters_digits: 'Letters and digits',
  mixed_case_digits_symbols: 'Lowercase, uppercase, digit and symbol',
};

const SECTIONS: SectionSpec[] = [
  {
    section: 'brand',
    title: 'Brand and Legal',
    fields: [
      { name: 'appName', label: 'App name', kind: 'text' },
      { name: 'supportEmail', label: 'Support email', kind: 'email' },
      { name: 'logoUrl', label: 'Logo URL', kind: 'url', help: 'An https:// address.' },
      { name: 'faviconUrl', label: 'Favicon URL', kind: 'url', help: 'An https:// address.' },
      { name: 'privacyUrl', label: 'Privacy URL', kind: 'url', help: 'An https:// address.' },
      { name: 'termsUrl', label: 'Terms URL', kind: 'url', help: 'An https:// address.' },
    ],
  },
  {
    section: 'auth',
    title: 'Auth',
    fields: [
      {
        name: 'require2fa',
        label: 'Require 2FA',
        kind: 'boolean',
        help: 'Everyone, super admins included, must sign in with a code from an authenticator app; people without one set it up at their next sign-in.',
      },
      { name: 'sessionMaxHours', label: 'Session max hours', kind: 'number' },
      { name: 'sessionIdleMinutes', label: 'Session idle minutes', kind: 'number' },
    ],
  },
  {
    section: 'security',
    title: 'Security',
    fields: [
      { name: 'passwordMin', label: 'Password minimum length', kind: 'number' },
      { name: 'passwordComplexity', label: 'Password complexity', kind: 'complexity' },
      {
        name: 'domainAllowlist',
        label: 'Signup domain allowlist',
        kind: 'list',
        help: 'One domain a line; empty lets any address sign up.',
      },
      {
        name: 'ipAllowlist',
        label: 'Console IP allowlist',
        kind: 'list',
        help: 'One IPv4 address a line, with an optional /mask; empty leaves the console open to any address.',
      },
    ],
  },
  {
    section: 'retention',
    title: 'Data and Retention',
    fields: [
      { name: 'auditDays', label: 'Audit log days', kind: 'number' },
      { name: 'webhookDays', label: 'Webhook history days', kind: 'number' },
    ],
  },
  {
    section: 'rate',
    title: 'Rate Limits',
    fields: [
      { name: 'globalRpm', label: 'Global requests per minute', kind: 'number', help: '0 means no limit.' },
      { name: 'perTenantRpm', label: 'Per-tenant requests per minute', kind: 'number', help: '0 means no limit.' },
    ],
  },
  {
    section: 'billing',
    title: 'Billing',
    fields: [
      {
        name: 'trialDays',
        label: 'Trial days',
        kind: 'number',
        help: 'A new workspace’s first plan starts with this many free days; 0 means no trial.',
      },
      {
        name: 'trialNeedsCard',
        label: 'Trial needs a card',
        kind: 'boolean',
        help: 'Off: owners start the trial without a card; Stripe pauses it at its end until one is added.',
      },
      {
        name: 'graceDays',
        label: 'Grace days',
        kind: 'number',
        help: 'After a failed payment, the days before the workspace becomes read-only.',
      },
      {
        name: 'promotionCodes',
        label: 'Promotion codes',
        kind: 'boolean',
        help: 'Checkout offers a promotion code field.',
      },
      {
        name: 'automaticTax',
        label: 'Automatic tax',
        kind: 'boolean',
        help: 'Stripe Tax adds tax from the customer’s address (set Stripe Tax up in Stripe first).',
      },
    ],
  },
];

/**
 * A section's fields as the form holds them: lists as one line each, numbers as text, switches as they are.
 * Only the section's own fields: Auth's providers have their own form, and a save without them keeps them.
 */
function formValues(saved: Record<string, unknown>, fields: FieldSpec[]): Record<string, string | boolean> {
  return Object.fromEntries(
    fields.map(({ name }) => {
      const value = saved[name];
      return [name, typeof value === 'boolean' ? value : Array.isArray(value) ? value.join('\n') : String(value)];
    }),
  );
}

/** /super/settings (platform-console §2 Super Settings): each section saved on its own, and the feature flags. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <Page>
      <PageHeader
        title="Settings"
        description="The platform's brand, sign-in, security, retention, rate limits and billing, enforced everywhere."
      />
      {SECTIONS.map((spec) => (
        <QueryCard key={spec.section} title={spec.title} query={settings} failure="Failed to load the settings.">
          {(saved) => (
            <CardBody>
              {/* A new save starts the form afresh from what was saved. */}
              <SectionForm key={JSON.stringify(saved[spec.section])} spec={spec} saved={saved} />
              {spec.section === 'auth' && (
                <SignInProvidersForm key={JSON.stringify(saved.auth.providers)} saved={saved.auth} />
              )}
            </CardBody>
          )}
        </QueryCard>
      ))}
      <FlagsCard />
    </Page>
  );
}

type SectionValues = Record<string, string | boolean>;
type SectionSettings = PlatformSettings[SettingsSection];

/** One section, checked with the API's own schema for it before it is sent. */
function SectionForm({ spec, saved }: { spec: SectionSpec; saved: PlatformSettings }) {
  // The section is chosen at run time, so its schema's own types cannot be named here: it reads the form's text.
  const schema = SETTINGS_SECTIONS[spec.section] as unknown as z.ZodType<SectionSettings, SectionValues>;
  const form = useForm<SectionValues, unknown, SectionSettings>({
    resolver: zodResolver(schema),
    defaultValues: formValues(saved[spec.section], spec.fields),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSettingsSection();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setError(null);
    save.mutate(
      { section: spec.section, values },
      {
        onSuccess: () => toast.success('Saved', { duration: SAVED_TOAST_MS }),
        onError: (err) => setError(errorMessage(err, 'The settings could not be saved.')),
      },
    );
  });

  function reset() {
    setError(null);
    form.reset();
  }

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={spec.title} noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      {spec.fields.map((field) => {
        const message = errors[field.name]?.message;
        const registered = { ...form.register(field.name), help: field.help };
        if (field.kind === 'boolean') return <CheckboxField key={field.name} label={field.label} {...registered} />;
        if (field.kind === 'complexity')
          return (
            <SelectField key={field.name} label={field.label} {...registered}>
              {PASSWORD_COMPLEXITIES.map((c) => (
                <option key={c} value={c}>
                  {COMPLEXITY_LABELS[c]}
                </option>
              ))}
            </SelectField>
          );
        if (field.kind === 'list')
          return (
            <TextAreaField
              key={field.name}
              label={field.label}
              rows={3}
              {...registered}
              // A wrong IP allowlist line shows a red border only (platform-console §5).
              {...(field.name === 'ipAllowlist' ? { 'aria-invalid': message ? true : undefined } : { error: message })}
            />
          );
        return (
          <TextField
            key={field.name}
            label={field.label}
            type={field.kind === 'number' ? 'number' : field.kind}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            {...registered}
            error={message}
          />
        );
      })}
      <FormActions>
        <Button type="button" variant="secondary" onClick={reset}>
          Reset
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </FormActions>
    </Form>
  );
}

function FlagsCard() {
  const flags = useFlags();
  const setFlag = useSetFlag();
  return (
    <QueryCard title="Feature Flags" query={flags} failure="Failed to load the feature flags.">
      {(rows) => (
        <ul className={styles.flags}>
          {rows.map((flag) => (
            <li key={flag.key}>
              <CheckboxField
                label={
                  <>
                    <code>{flag.key}</code> — {flag.description}
                  </>
                }
                checked={flag.enabled}
                disabled={setFlag.isPending}
                onChange={(e) =>
                  setFlag.mutate(
                    { key: flag.key, enabled: e.target.checked },
                    {
                      onSuccess: () => toast.success('Saved', { duration: SAVED_TOAST_MS }),
                      onError: (err) => toast.error(errorMessage(err, 'The flag could not be changed.')),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}
