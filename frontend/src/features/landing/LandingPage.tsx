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
import '../../styles/landing.css';

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
    <div className="landing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="landing-header">
        <div className="landing-bar">
          <Link to="/" className="landing-logo">
            {site?.logo_url ? <img src={site.logo_url} alt={name} /> : <LogoMark name={name} />}
          </Link>
          <nav className="landing-nav" aria-label="Main">
            <a className="landing-nav-anchor" href="#features">
              Features
            </a>
            <a className="landing-nav-anchor" href="#pricing">
              Pricing
            </a>
            {workspace ? (
              <Link className="btn btn-primary" to={workspace}>
                Go to your workspace
              </Link>
            ) : (
              <>
                <Link className="landing-nav-link" to={LOGIN_PATH}>
                  Sign in
                </Link>
                <Link className="btn btn-primary" to={SIGNUP_PATH}>
                  Get started
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>

      <main id="main" tabIndex={-1}>
        <section className="landing-hero" aria-labelledby="hero-title">
          <p className="landing-eyebrow">Client portals for service businesses</p>
          <h1 id="hero-title">Give every client one calm place for files, forms and the tools you use.</h1>
          <p className="landing-lead">
            {name} is a white-label client portal: your brand, your domain, and a workspace your clients can find
            everything in.
          </p>
          <CallToAction workspace={workspace} />
        </section>

        <div className="landing-section landing-tour">
          <Carousel title="A look inside" slides={SLIDES} />
        </div>

        <EmbedPartners />

        <section id="features" className="landing-section" aria-labelledby="features-title">
          <div className="landing-section-head">
            <h2 id="features-title">Everything a client portal needs</h2>
            <p>One workspace per business, with the pieces your clients ask for.</p>
          </div>
          <ul className="feature-grid">
            {FEATURES.map((feature) => {
              const Icon = FEATURE_ICONS[feature.icon];
              return (
                <li key={feature.title} className="feature">
                  <span className="feature-icon">
                    <Icon size={20} aria-hidden />
                  </span>
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="steps-title">
          <div className="landing-section-head">
            <h2 id="steps-title">How it works</h2>
            <p>From sign-up to your first client in three steps.</p>
          </div>
          <ol className="step-list">
            {STEPS.map((step, i) => (
              <li key={step.title} className="step">
                <span className="step-number" aria-hidden>
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <Pricing />

        <section className="landing-section" aria-labelledby="stories-title">
          <div className="landing-section-head">
            <h2 id="stories-title">What a portal changes</h2>
            <p>Illustrative examples of how businesses like yours use a client portal.</p>
          </div>
          <ul className="testimonial-list">
            {TESTIMONIALS.map((t) => (
              <li key={t.who}>
                <figure className="testimonial">
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption>{t.who}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-final" aria-labelledby="final-title">
          <h2 id="final-title">Ready to give your clients one place to go?</h2>
          <p>Set up your workspace in a few minutes and invite your first client today.</p>
          <CallToAction workspace={workspace} />
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-footer-inner">
          <p className="landing-footer-name">
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

function CallToAction({ workspace }: { workspace: string | null }) {
  return (
    <div className="landing-actions">
      {workspace ? (
        <Link className="btn btn-primary btn-lg" to={workspace}>
          Go to your workspace <ArrowRight size={16} aria-hidden />
        </Link>
      ) : (
        <>
          <Link className="btn btn-primary btn-lg" to={SIGNUP_PATH}>
            Get started <ArrowRight size={16} aria-hidden />
          </Link>
          <a className="btn btn-secondary btn-lg" href="#pricing">
            See pricing
          </a>
        </>
      )}
    </div>
  );
}

/** The platform's name beside a plain mark, when Super Settings has no logo. */
function LogoMark({ name }: { name: string }) {
  return (
    <>
      <svg className="landing-logo-mark" viewBox="0 0 28 28" aria-hidden>
        <rect width="28" height="28" rx="8" />
        <path d="M9 20V8h6a4 4 0 0 1 0 8H9" />
      </svg>
      <span className="landing-logo-name">{name}</span>
    </>
  );
}
