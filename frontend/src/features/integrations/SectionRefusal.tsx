import { Lock } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';

/** In place of a section the server refuses to this person (403 other than a plan): its sentence, e.g. 'Admins only.' */
export function SectionRefusal({ message }: { message: string }) {
  return <EmptyState icon={Lock} message={message} />;
}
