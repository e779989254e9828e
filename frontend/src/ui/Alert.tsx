import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';

export type AlertTone = 'success' | 'error' | 'info';

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon className="alert-icon" size={18} aria-hidden />
      <div>{children}</div>
    </div>
  );
}
