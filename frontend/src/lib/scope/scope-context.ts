import { createContext, useContext } from 'react';
import type { EffectiveRole, RoleKind, Scope } from '@portico/common';
import type { Membership } from '../api/types';

export interface NavigateOptions {
  /** Where to go; defaults to the current page. */
  to?: string;
}

export interface ScopeContextValue {
  scope: Scope;
  activeTenantId: string | null;
  /** The user's membership in the active tenant (null for a super admin viewing another tenant). */
  activeMembership: Membership | null;
  role: EffectiveRole;
  /** The kind the guards use; null without a session. */
  roleKind: RoleKind | null;
  /** Super scope: no active tenant, `tenant_id` removed from the address. */
  setSuperScope: (options?: NavigateOptions) => void;
  /** Tenant scope on `tenantId`, written into the address. */
  setActiveTenant: (tenantId: string, options?: NavigateOptions) => void;
  /** A link that keeps the active tenant (`?tenant_id=`) in tenant scope. */
  tenantPath: (path: string) => string;
}

export const ScopeContext = createContext<ScopeContextValue | null>(null);

export function useScope(): ScopeContextValue {
  const value = useContext(ScopeContext);
  if (!value) throw new Error('useScope must be used inside ScopeProvider');
  return value;
}
