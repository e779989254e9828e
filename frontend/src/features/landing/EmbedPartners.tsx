import { CUSTOM_PROVIDER, EMBED_PROVIDERS } from '@portico/common';

/** The tools an embed recognises (common/embeds.ts), as plain text marks: no third-party logos or images. */
const PARTNERS = EMBED_PROVIDERS.filter((p) => p.key !== CUSTOM_PROVIDER.key);

export function EmbedPartners() {
  return (
    <section className="landing-section landing-partners" aria-labelledby="partners-title">
      <div className="landing-section-head">
        <h2 id="partners-title">Bring in the tools you already use</h2>
        <p>Embed pages from these services, or any other https address, right inside your portal.</p>
      </div>
      <ul className="partner-list">
        {PARTNERS.map((partner) => (
          <li key={partner.key} className="partner">
            {partner.label}
          </li>
        ))}
      </ul>
      <p className="partner-note">Product names belong to their owners and are shown to say what can be embedded.</p>
    </section>
  );
}
