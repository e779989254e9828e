import { zodResolver } from '@hookform/resolvers/zod';
import { onboardingCapabilitiesBody } from '@portico/common';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCapabilitiesStep, type OnboardingState } from './api';
import { StepError } from './StepError';
import { Button } from '../../ui/Button';
import { CheckboxField, TextField } from '../../ui/Field';
import { Form } from '../../ui/Form';
import steps from './steps.module.css';
import { AuthTitle } from '../auth';

type Capabilities = z.output<typeof onboardingCapabilitiesBody>;

const FEATURES = [
  ['useEmbeds', 'Embeds: show dashboards and pages from other tools'],
  ['useForms', 'Forms: intake forms and questionnaires'],
  ['useFiles', 'Files: share documents with clients'],
] as const;

/** The features the workspace uses, Slack and the email sender, checked with the API's own `onboardingCapabilitiesBody`. */
export function CapabilitiesStep({ onboarding }: { onboarding: OnboardingState }) {
  const saved = onboarding.capabilities;
  const save = useCapabilitiesStep();
  const form = useForm<z.input<typeof onboardingCapabilitiesBody>, unknown, Capabilities>({
    resolver: zodResolver(onboardingCapabilitiesBody),
    defaultValues: {
      useEmbeds: saved.useEmbeds,
      useForms: saved.useForms,
      useFiles: saved.useFiles,
      slackWebhook: '',
      emailFromName: saved.emailFromName ?? onboarding.companyName,
      emailFromAddress: saved.emailFromAddress ?? '',
    },
  });
  const { errors } = form.formState;

  return (
    <Form
      onSubmit={form.handleSubmit((values) => save.mutate({ ...values, emailFromName: values.emailFromName || null }))}
      noValidate
    >
      <AuthTitle>What will you use?</AuthTitle>
      <fieldset className={steps.fieldset}>
        <legend className={steps.legend}>Features</legend>
        {FEATURES.map(([name, label]) => (
          <CheckboxField key={name} label={label} {...form.register(name)} />
        ))}
      </fieldset>
      <TextField
        label="Slack webhook URL (optional)"
        type="url"
        {...form.register('slackWebhook')}
        error={errors.slackWebhook?.message}
        placeholder={saved.slackWebhook ?? 'https://hooks.slack.com/services/…'}
        help="Form submissions are posted there."
      />
      <TextField label="Email sender name" {...form.register('emailFromName')} error={errors.emailFromName?.message} />
      <TextField
        label="Email sender address (optional)"
        type="email"
        {...form.register('emailFromAddress')}
        error={errors.emailFromAddress?.message}
      />
      <StepError error={save.error} />
      <Button type="submit" loading={save.isPending}>
        Continue
      </Button>
    </Form>
  );
}
