import type { ReactNode } from 'react';
import type { RoleColor } from '@portico/common';

export type BadgeTone = RoleColor;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
