import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_BRAND_COLOR, isValidSubdomain, normaliseSubdomain, onboardingBrandingBody } from '@portico/common';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { usePlans } from '../billing';
import { checkSubdomain, useBrandingStep, useLogoUpload, type OnboardingState } from './api';
import { StepError } from './StepError';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Form } from '../../ui/Form';
import { Spinner } from '../../ui/Spinner';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import styles from './BrandingStep.module.css';
import { AuthTitle } from '../auth';
import { registeredField } from '../../lib/forms/registered-field';

/** platform-console §9: the availability check waits 400 ms after the last keystroke. */
export const SUBDOMAIN_DEBOUNCE_MS = 400;

type SubdomainState = 'idle' | 'invalid' | 'checking' | 'available' | 'taken';

/** The subdomain check of platform-console §4/§5: normalised as typed, asked 400 ms after the last keystroke. */
function useSubdomainCheck(typed: string): { state: SubdomainState; subdomain: string; message: string | null } {
  const subdomain = normaliseSubdomain(typed);
  const debounced = useDebouncedValue(subdomain, SUBDOMAIN_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ subdomain: string; available: boolean; reason: string | null } | null>(null);
  const valid = isValidSubdomain(subdomain);

  useEffect(() => {
    if (!isValidSubdomain(debounced)) return;
    let cancelled = false;
    checkSubdomain(debounced)
      .then((a) => !cancelled && setAnswer({ subdomain: debounced, available: a.available, reason: a.reason }))
      // A check that fails shows as invalid (platform-console §8).
      .catch(() => !cancelled && setAnswer({ subdomain: debounced, available: false, reason: null }));
    return () => {
      cancelled = true;
    };
  }, [debounced]);

  if (subdomain === '') return { state: 'idle', subdomain, message: null };
  if (!valid) return { state: 'invalid', subdomain, message: 'Invalid subdomain format.' };
  if (answer?.subdomain !== subdomain || debounced !== subdomain)
    return { state: 'checking', subdomain, message: 'Checking…' };
  if (answer.available) return { state: 'available', subdomain, message: 'Available' };
  if (answer.reason === null) return { state: 'invalid', subdomain, message: 'Invalid subdomain format.' };
  return { state: 'taken', subdomain, message: answer.reason };
}

type Branding = z.output<typeof onboardingBrandingBody>;

/**
 * Brand colour, logo, subdomain and (on a plan with them) a custom domain, checked with the API's own
 * `onboardingBrandingBody`; Continue waits until the subdomain is known to be free.
 */
export function BrandingStep({ onboarding }: { onboarding: OnboardingState }) {
  const { branding } = onboarding;
  const plans = usePlans();
  const customDomains = plans.data?.find((p) => p.key === onboarding.plan)?.custom_domain ?? false;
  const save = useBrandingStep();
  const logo = useLogoUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<z.input<typeof onboardingBrandingBody>, unknown, Branding>({
    resolver: zodResolver(onboardingBrandingBody),
    defaultValues: {
      brandColor: branding.brandColor || DEFAULT_BRAND_COLOR,
      subdomain: branding.subdomain ?? '',
      customDomain: branding.customDomain ?? '',
    },
    mode: 'onChange',
  });
  const [color, typed] = useWatch({ control: form.control, name: ['brandColor', 'subdomain'] });
  const check = useSubdomainCheck(typed ?? '');
  const colorError = form.formState.errors.brandColor?.message;

  function submit(values: Branding) {
    save.mutate({
      ...values,
      logoUrl: branding.logoUrl,
      customDomain: customDomains ? values.customDomain : null,
    });
  }

  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate>
      <AuthTitle>Make it yours</AuthTitle>
      {onboarding.error && <Alert tone="error">{onboarding.error}</Alert>}
      <div className={styles.color}>
        <TextField label="Brand colour" {...form.register('brandColor')} error={colorError} />
        <input
          type="color"
          aria-label="Pick the brand colour"
          value={colorError ? DEFAULT_BRAND_COLOR : color}
          onChange={(e) => form.setValue('brandColor', e.target.value, { shouldValidate: true, shouldDirty: true })}
        />
      </div>
      <div className={styles.logoField}>
        <span className={styles.label}>Logo</span>
        {branding.logoUrl && <img src={branding.logoUrl} alt="Your logo" className={styles.logo} />}
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-label="Logo file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) logo.mutate(file);
            e.target.value = '';
          }}
        />
        <Button variant="secondary" size="sm" loading={logo.isPending} onClick={() => fileInput.current?.click()}>
          {branding.logoUrl ? 'Replace logo' : 'Upload logo'}
        </Button>
        <StepError error={logo.error} />
      </div>
      <div>
        <TextField
          label="Subdomain"
          {...form.register('subdomain')}
          autoComplete="off"
          required
          help="Your workspace's own address. Letters, digits and hyphens."
        />
        <p className={clsx(styles.subdomain, styles[check.state])} role="status" aria-live="polite">
          {check.state === 'checking' && <Spinner />}
          {check.state !== 'idle' && (
            <>
              <strong>{check.subdomain}</strong> {check.message}
            </>
          )}
        </p>
      </div>
      {customDomains && (
        <TextField
          label="Custom domain (optional)"
          {...registeredField(form, 'customDomain')}
          placeholder="portal.yourfirm.com"
          help="We add it to your workspace; you verify it from Settings → Domains once it is ready."
        />
      )}
      <StepError error={save.error} />
      <Button type="submit" loading={save.isPending} disabled={check.state !== 'available' || Boolean(colorError)}>
        Continue
      </Button>
    </Form>
  );
}
