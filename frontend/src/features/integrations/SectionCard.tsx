import { useId } from 'react';
import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { Card, CardHeader } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import type { SectionBlock } from './integration-text';
import { UpgradePrompt } from './UpgradePrompt';
import styles from './SectionCard.module.css';

interface SectionCardProps {
  title: string;
  description: string;
  /** What the section offers, as the upgrade prompt names it ("API keys"). */
  feature: string;
  /** The server's refusal of the section (`sectionBlock`), shown in place of its content. */
  block: SectionBlock | null;
  children: ReactNode;
}

/**
 * One section of the Integrations page: a card with its heading, then its content, or in its place
 * the upgrade prompt on a plan without integrations, or the refusal's sentence (e.g. 'Admins only.').
 */
export function SectionCard({ title, description, feature, block, children }: SectionCardProps) {
  const id = useId();
  let content = children;
  if (block?.kind === 'plan') content = <UpgradePrompt feature={feature} message={block.message} />;
  else if (block) content = <EmptyState icon={Lock} message={block.message} />;
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={description} />
      <div className={styles.body}>{content}</div>
    </Card>
  );
}
