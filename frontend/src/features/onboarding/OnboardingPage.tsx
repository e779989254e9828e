import clsx from 'clsx';
import { DEFAULT_BRAND_COLOR, isValidSubdomain, normaliseSubdomain, type OnboardingStep } from '@portico/common';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePlans, cycleParam, planPrice } from '../billing';
import type { BillingCycle } from '../billing';
import {
  checkSubdomain,
  useBrandingStep,
  useCapabilitiesStep,
  useCheckout,
  useLogoUpload,
  useOnboardingStatus,
  usePlanStep,
  useProvision,
  type OnboardingState,
} from './api';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { errorMessage } from '../../lib/api/http';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useHoldPostSignInRedirect } from '../../lib/session/redirect-hold';
import { useSession } from '../../lib/session/session-context';
import { useSignOut } from '../../lib/session/use-sign-out';
import styles from './OnboardingPage.module.css';

/** platform-console §9: the availability check waits 400 ms after the last keystroke. */
export const SUBDOMAIN_DEBOUNCE_MS = 400;

const STEPS: { step: OnboardingStep; label: string }[] = [
  { step: 'plan', label: 'Plan' },
  { step: 'branding', label: 'Branding' },
  { step: 'capabilities', label: 'Capabilities' },
  { step: 'review', label: 'Review' },
];

/**
 * Someone signed in who belongs to no workspace and is setting none up (the post-sign-in redirect
 * sends them here): how to get one, and a way out.
 */
function NoWorkspace() {
  const { session } = useSession();
  const signOut = useSignOut();
  return (
    <Alert tone="info">
      You are signed in as {session?.user.email}, but you do not belong to a workspace yet. Open the invitation link you
      were sent, ask a workspace administrator to invite you, or <Link to="/signup">create a workspace</Link> of your
      own.{' '}
      <button type="button" className="link-button" onClick={() => void signOut()}>
        Sign out
      </button>
    </Alert>
  );
}

/**
 * /onboarding: plan, branding, capabilities, review, then 'Workspace Ready'. Each step posts, the
 * server answers the new status and decides the step, so the wizard resumes anywhere.
 */
export function OnboardingPage() {
  const status = useOnboardingStatus();
  // Someone who is signing up has no workspace yet; the automatic redirect must not move them on.
  useHoldPostSignInRedirect(status.data !== null);
  const onboarding = status.data;

  let body: ReactNode;
  if (status.isPending) body = <Skeleton height={200} />;
  else if (status.isError)
    body = <Alert tone="error">We could not load your workspace setup. Reload to try again.</Alert>;
  else if (!onboarding) body = <NoWorkspace />;
  else body = <Step onboarding={onboarding} />;

  const current = onboarding?.step;
  return (
    <main className="auth-page">
      <div className={clsx('auth-card', styles.card)}>
        {current && current !== 'ready' && current !== 'provisioning' && (
          <ol className={styles.steps} aria-label="Steps">
            {STEPS.map(({ step, label }, index) => (
              <li key={step} aria-current={step === current ? 'step' : undefined}>
                <span className={styles.stepNumber}>{index + 1}</span> {label}
              </li>
            ))}
          </ol>
        )}
        {body}
      </div>
    </main>
  );
}

function Step({ onboarding }: { onboarding: OnboardingState }) {
  switch (onboarding.step) {
    case 'plan':
      return <PlanStep onboarding={onboarding} />;
    case 'branding':
      return <BrandingStep onboarding={onboarding} />;
    case 'capabilities':
      return <CapabilitiesStep onboarding={onboarding} />;
    case 'review':
      return <ReviewStep onboarding={onboarding} />;
    case 'provisioning':
      return <ProvisioningStep onboarding={onboarding} />;
    case 'ready':
      return <ReadyStep onboarding={onboarding} />;
  }
}

function StepError({ error }: { error: unknown }) {
  return error ? <Alert tone="error">{errorMessage(error, 'Something went wrong. Try again.')}</Alert> : null;
}

function PlanStep({ onboarding }: { onboarding: OnboardingState }) {
  const plans = usePlans();
  const [plan, setPlan] = useState(onboarding.plan ?? 'starter');
  const [params, setParams] = useSearchParams();
  // Kept in the address, so a reload or the way back from Stripe keeps the cycle chosen.
  const cycle = cycleParam(params.get('cycle'));
  const setCycle = (next: BillingCycle) => setParams({ cycle: next }, { replace: true });
  const [seats, setSeats] = useState(String(onboarding.adminSeats));
  const save = usePlanStep();
  const checkout = useCheckout();
  const seatCount = Number(seats);
  const seatsValid = Number.isInteger(seatCount) && seatCount >= 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = await save.mutateAsync({ plan, adminSeats: seatCount }).catch(() => null);
    if (next?.checkoutRequired) window.location.assign(await checkout.mutateAsync({ plan, cycle }));
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <h1 className="auth-title">Choose your plan</h1>
      {onboarding.checkoutRequired && (
        <Alert tone="info">Your {onboarding.plan} plan is waiting for payment. Continue to pay with Stripe.</Alert>
      )}
      <fieldset className={styles.choices}>
        <legend className="field-label">Billing period</legend>
        {(['monthly', 'yearly'] as const).map((value) => (
          <label key={value} className={clsx(styles.choice, cycle === value && styles.chosen)}>
            <input type="radio" name="cycle" value={value} checked={cycle === value} onChange={() => setCycle(value)} />
            <span className={styles.choiceName}>{value === 'monthly' ? 'Monthly' : 'Yearly'}</span>
            <span className={styles.choiceCap}>{value === 'yearly' ? '2 months free' : 'Pay month by month'}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className="field-label">Plan</legend>
        {plans.isPending && <Skeleton height={120} />}
        {plans.data?.map((p) => (
          <label key={p.key} className={clsx(styles.choice, plan === p.key && styles.chosen)}>
            <input type="radio" name="plan" value={p.key} checked={plan === p.key} onChange={() => setPlan(p.key)} />
            <span className={styles.choiceName}>{p.name}</span>
            <span className={styles.choicePrice}>
              {planPrice(p, cycle).perMonth}/month
              {cycle === 'yearly' && <span className="sr-only"> billed yearly</span>}
            </span>
            <span className={styles.choiceCap}>
              {p.client_cap === null ? 'Unlimited clients' : `Up to ${p.client_cap} clients`}
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        label="Admin seats"
        type="number"
        min={1}
        step={1}
        value={seats}
        onChange={(e) => setSeats(e.target.value)}
        error={seatsValid ? null : 'Admin seats must be a whole number of at least 1.'}
        help="People who can manage the workspace, you included."
      />
      <StepError error={save.error ?? checkout.error} />
      <Button type="submit" loading={save.isPending || checkout.isPending} disabled={!seatsValid}>
        Continue
      </Button>
    </form>
  );
}

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

function BrandingStep({ onboarding }: { onboarding: OnboardingState }) {
  const { branding } = onboarding;
  const [color, setColor] = useState(branding.brandColor || DEFAULT_BRAND_COLOR);
  const [typed, setTyped] = useState(branding.subdomain ?? '');
  const [customDomain, setCustomDomain] = useState(branding.customDomain ?? '');
  const plans = usePlans();
  const customDomains = plans.data?.find((p) => p.key === onboarding.plan)?.custom_domain ?? false;
  const check = useSubdomainCheck(typed);
  const save = useBrandingStep();
  const logo = useLogoUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const colorValid = /^#[0-9a-fA-F]{6}$/.test(color);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      brandColor: color,
      logoUrl: branding.logoUrl,
      subdomain: check.subdomain,
      customDomain: customDomains && customDomain.trim() ? customDomain.trim() : null,
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h1 className="auth-title">Make it yours</h1>
      {onboarding.error && <Alert tone="error">{onboarding.error}</Alert>}
      <div className={styles.color}>
        <TextField
          label="Brand colour"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          error={colorValid ? null : 'Brand colour must be a colour such as #2563EB.'}
        />
        <input
          type="color"
          aria-label="Pick the brand colour"
          value={colorValid ? color : DEFAULT_BRAND_COLOR}
          onChange={(e) => setColor(e.target.value)}
        />
      </div>
      <div className="field">
        <span className="field-label">Logo</span>
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
      <div className="field">
        <TextField
          label="Subdomain"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
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
          value={customDomain}
          onChange={(e) => setCustomDomain(e.target.value)}
          placeholder="portal.yourfirm.com"
          help="We add it to your workspace; you verify it from Settings → Domains once it is ready."
        />
      )}
      <StepError error={save.error} />
      <Button type="submit" loading={save.isPending} disabled={check.state !== 'available' || !colorValid}>
        Continue
      </Button>
    </form>
  );
}

function CapabilitiesStep({ onboarding }: { onboarding: OnboardingState }) {
  const saved = onboarding.capabilities;
  const [useEmbeds, setUseEmbeds] = useState(saved.useEmbeds);
  const [useForms, setUseForms] = useState(saved.useForms);
  const [useFiles, setUseFiles] = useState(saved.useFiles);
  const [slackWebhook, setSlackWebhook] = useState('');
  const [emailFromName, setEmailFromName] = useState(saved.emailFromName ?? onboarding.companyName);
  const [emailFromAddress, setEmailFromAddress] = useState(saved.emailFromAddress ?? '');
  const save = useCapabilitiesStep();
  const toggles: [string, boolean, (v: boolean) => void][] = [
    ['Embeds: show dashboards and pages from other tools', useEmbeds, setUseEmbeds],
    ['Forms: intake forms and questionnaires', useForms, setUseForms],
    ['Files: share documents with clients', useFiles, setUseFiles],
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      useEmbeds,
      useForms,
      useFiles,
      slackWebhook: slackWebhook.trim() || null,
      emailFromName: emailFromName.trim() || null,
      emailFromAddress: emailFromAddress.trim() || null,
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h1 className="auth-title">What will you use?</h1>
      <fieldset className={styles.choices}>
        <legend className="field-label">Features</legend>
        {toggles.map(([label, value, set]) => (
          <label key={label} className="checkbox">
            <input type="checkbox" checked={value} onChange={(e) => set(e.target.checked)} />
            {label}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Slack webhook URL (optional)"
        type="url"
        value={slackWebhook}
        onChange={(e) => setSlackWebhook(e.target.value)}
        placeholder={saved.slackWebhook ?? 'https://hooks.slack.com/services/…'}
        help="Form submissions are posted there."
      />
      <TextField label="Email sender name" value={emailFromName} onChange={(e) => setEmailFromName(e.target.value)} />
      <TextField
        label="Email sender address (optional)"
        type="email"
        value={emailFromAddress}
        onChange={(e) => setEmailFromAddress(e.target.value)}
      />
      <StepError error={save.error} />
      <Button type="submit" loading={save.isPending}>
        Continue
      </Button>
    </form>
  );
}

function ReviewStep({ onboarding }: { onboarding: OnboardingState }) {
  const provision = useProvision();
  const { branding, capabilities } = onboarding;
  const features = [
    capabilities.useEmbeds && 'Embeds',
    capabilities.useForms && 'Forms',
    capabilities.useFiles && 'Files',
  ].filter(Boolean);
  return (
    <div className="form">
      <h1 className="auth-title">Review</h1>
      <dl className={styles.review}>
        <dt>Company</dt>
        <dd>{onboarding.companyName}</dd>
        <dt>Plan</dt>
        <dd>
          {onboarding.plan} · {onboarding.adminSeats} admin seat{onboarding.adminSeats === 1 ? '' : 's'}
          {onboarding.paid ? ' · paid' : ''}
        </dd>
        <dt>Subdomain</dt>
        <dd>{branding.subdomain}</dd>
        <dt>Brand colour</dt>
        <dd>
          <span className={styles.swatch} style={{ background: branding.brandColor }} aria-hidden />{' '}
          {branding.brandColor}
        </dd>
        {branding.customDomain && (
          <>
            <dt>Custom domain</dt>
            <dd>{branding.customDomain}</dd>
          </>
        )}
        <dt>Features</dt>
        <dd>{features.length > 0 ? features.join(', ') : 'None'}</dd>
      </dl>
      <StepError error={provision.error} />
      <Button loading={provision.isPending} onClick={() => provision.mutate(undefined)}>
        Create Workspace
      </Button>
    </div>
  );
}

function ProvisioningStep({ onboarding }: { onboarding: OnboardingState }) {
  const provision = useProvision();
  const failed = onboarding.status === 'failed';
  return (
    <div className="form">
      <h1 className="auth-title">{failed ? 'We could not set up your workspace' : 'Setting up your workspace'}</h1>
      {!failed && (
        <p role="status" className={styles.progress}>
          <Spinner /> Creating {onboarding.companyName}: roles, brand, plan and your admin account…
        </p>
      )}
      {onboarding.error && <Alert tone={failed ? 'error' : 'info'}>{onboarding.error}</Alert>}
      {failed && (
        <Button loading={provision.isPending} onClick={() => provision.mutate(undefined)}>
          Try again
        </Button>
      )}
    </div>
  );
}

function ReadyStep({ onboarding }: { onboarding: OnboardingState }) {
  return (
    <div className="form">
      <h1 className="auth-title">Workspace Ready</h1>
      <p>{onboarding.companyName} is set up at its own address. Sign in there to invite your team and clients.</p>
      {onboarding.loginUrl && (
        <a className="btn btn-primary" href={onboarding.loginUrl}>
          Go to your workspace login
        </a>
      )}
    </div>
  );
}
