import { AppWindow, ArrowRight, ClipboardList, FolderOpen, Palette, Users, Webhook } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Site } from '../../lib/site/site';
import { siteLinks } from '../../lib/site/site-links';
import { LOGIN_PATH } from '../../lib/routes/table';
import { workspaceHome } from '../../lib/session/post-sign-in';
import { useSession } from '../../lib/session/session-context';
import { useDocumentBrand } from '../../ui/use-document-brand';
import { Carousel } from './Carousel';
import { FEATURES, SLIDES, STEPS, TESTIMONIALS } from './content';
import type { FeatureIcon } from './content';
import { EmbedPartners } from './EmbedPartners';
import { Pricing } from './Pricing';
import { LinkButton } from './LinkButton';
import { Section } from './Section';
import styles from './LandingPage.module.css';

const SIGNUP_PATH = '/signup';
/** When the site answer could not be read; the platform's name otherwise comes from Super Settings. */
const FALLBACK_NAME = 'Client Portal';

const FEATURE_ICONS: Record<FeatureIcon, LucideIcon> = {
  brand: Palette,
  files: FolderOpen,
  forms: ClipboardList,
  embeds: AppWindow,
  people: Users,
  integrations: Webhook,
};

/** The platform's public front page (platform-console §2 Landing page). */
export function LandingPage({ site }: { site: Site | null }) {
  const name = site?.name ?? FALLBACK_NAME;
  useDocumentBrand(`${name} · Client portals under your own brand`, site?.favicon_url ?? null);
  const { session, pending, isSuperAdmin, memberships, membershipError } = useSession();
  // Signed in: one way on, to where signing in would have led.
  const workspace = session ? workspaceHome({ pending, isSuperAdmin, memberships, membershipError }) : null;
  const { hash } = useLocation();
  // Arriving at /#pricing (the sign-in page's link), the section only exists once this chunk has run.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className={styles.landing}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.logo}>
            {site?.logo_url ? <img src={site.logo_url} alt={name} /> : <LogoMark name={name} />}
          </Link>
          <nav className={styles.nav} aria-label="Main">
            <a className={styles.navAnchor} href="#features">
              Features
            </a>
            <a className={styles.navAnchor} href="#pricing">
              Pricing
            </a>
            {workspace ? (
              <LinkButton to={workspace}>Go to your workspace</LinkButton>
            ) : (
              <>
                <Link className={styles.navLink} to={LOGIN_PATH}>
                  Sign in
                </Link>
                <LinkButton to={SIGNUP_PATH}>Get started</LinkButton>
              </>
            )}
          </nav>
        </div>
      </header>

      <main id="main" tabIndex={-1}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <p className={styles.eyebrow}>Client portals for service businesses</p>
          <h1 id="hero-title">Give every client one calm place for files, forms and the tools you use.</h1>
          <p className={styles.lead}>
            {name} is a white-label client portal: your brand, your domain, and a workspace your clients can find
            everything in.
          </p>
          <CallToAction workspace={workspace} />
        </section>

        <div className={styles.tour}>
          <Carousel title="A look inside" slides={SLIDES} />
        </div>

        <EmbedPartners />

        <Section
          id="features"
          title="Everything a client portal needs"
          intro="One workspace per business, with the pieces your clients ask for."
        >
          <ul className={styles.featureGrid}>
            {FEATURES.map((feature) => {
              const Icon = FEATURE_ICONS[feature.icon];
              return (
                <li key={feature.title} className={styles.feature}>
                  <span className={styles.featureIcon}>
                    <Icon size={20} aria-hidden />
                  </span>
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              );
            })}
          </ul>
        </Section>

        <Section title="How it works" intro="From sign-up to your first client in three steps.">
          <ol className={styles.stepList}>
            {STEPS.map((step, i) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden>
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Pricing />

        <Section
          title="What a portal changes"
          intro="Illustrative examples of how businesses like yours use a client portal."
        >
          <ul className={styles.testimonials}>
            {TESTIMONIALS.map((t) => (
              <li key={t.who}>
                <figure className={styles.testimonial}>
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption>{t.who}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>

        <section className={styles.final} aria-labelledby="final-title">
          <h2 id="final-title">Ready to give your clients one place to go?</h2>
          <p>Set up your workspace in a few minutes and invite your first client today.</p>
          <CallToAction workspace={workspace} inverted />
        </section>
      </main>

      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p>
            © {new Date().getFullYear()} {name}
          </p>
          <nav aria-label="Footer">
            <ul>
              <li>
                <a href="#pricing">Pricing</a>
              </li>
              <li>
                <Link to={LOGIN_PATH}>Sign in</Link>
              </li>
              {site &&
                siteLinks(site).map((link) => (
                  <li key={link.label}>
                    <a href={link.href} target={link.external ? '_blank' : undefined} rel="noreferrer">
                      {link.label}
                    </a>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** Get started and See pricing, or the way back in for someone signed in; `inverted` on the dark band. */
function CallToAction({ workspace, inverted = false }: { workspace: string | null; inverted?: boolean }) {
  return (
    <div className={styles.actions}>
      {workspace ? (
        <LinkButton to={workspace} large>
          Go to your workspace <ArrowRight size={16} aria-hidden />
        </LinkButton>
      ) : (
        <>
          <LinkButton to={SIGNUP_PATH} large>
            Get started <ArrowRight size={16} aria-hidden />
          </LinkButton>
          <LinkButton href="#pricing" variant={inverted ? 'inverse' : 'secondary'} large>
            See pricing
          </LinkButton>
        </>
      )}
    </div>
  );
}

/** The platform's name beside a plain mark, when Super Settings has no logo. */
function LogoMark({ name }: { name: string }) {
  return (
    <>
      <svg className={styles.logoMark} viewBox="0 0 28 28" aria-hidden>
        <rect width="28" height="28" rx="8" />
        <path d="M9 20V8h6a4 4 0 0 1 0 8H9" />
      </svg>
      <span className={styles.logoName}>{name}</span>
    </>
  );
}
