import { CUSTOM_PROVIDER, EMBED_PROVIDERS } from '@portico/common';
import { Section } from './Section';
import styles from './EmbedPartners.module.css';

/** The tools an embed recognises (common/embeds.ts), as plain text marks: no third-party logos or images. */
const PARTNERS = EMBED_PROVIDERS.filter((p) => p.key !== CUSTOM_PROVIDER.key);

export function EmbedPartners() {
  return (
    <Section
      title="Bring in the tools you already use"
      intro="Embed pages from these services, or any other https address, right inside your portal."
      ruled
    >
      <ul className={styles.list}>
        {PARTNERS.map((partner) => (
          <li key={partner.key} className={styles.partner}>
            {partner.label}
          </li>
        ))}
      </ul>
      <p className={styles.note}>Product names belong to their owners and are shown to say what can be embedded.</p>
    </Section>
  );
}
