import { useCallback, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { effectiveRole, resolveScope, scopeStorageKeys } from '@portico/common';
import type { Scope } from '@portico/common';
import { ACTIVE_TENANT_KEY } from '../api/client';
import { localStore, useStoredValue } from '../local-store';
import { guardRoleKind } from '../routes/access';
import { useSession } from '../session/session-context';
import { ScopeContext } from './scope-context';
import type { NavigateOptions, ScopeContextValue } from './scope-context';
import { withTenantId } from './tenant-path';

function persist(userId: string | undefined, scope: Scope, tenantId: string | null) {
  localStore.set(ACTIVE_TENANT_KEY, tenantId);
  if (!userId) return;
  const keys = scopeStorageKeys(userId);
  localStore.set(keys.scope, scope);
  localStore.set(keys.tenant, tenantId);
}

export function ScopeProvider({ children }: { children: ReactNode }) {
  const { session, pending, user, isSuperAdmin, memberships, membershipError } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const userId = user?.id;
  const storedTenantId = useStoredValue(userId ? scopeStorageKeys(userId).tenant : null);
  const addressTenantId = new URLSearchParams(location.search).get('tenant_id');

  const activeIds = memberships.filter((m) => m.status === 'active').map((m) => m.tenant_id);
  const { scope, activeTenantId } = resolveScope({
    isSuperAdmin,
    addressTenantId,
    storedTenantId,
    membershipTenantIds: activeIds,
  });

  useEffect(() => {
    // Until the memberships are known the resolution is provisional and would erase the stored choice.
    if (pending) return;
    // Signed out, no workspace header may linger for whoever signs in next.
    persist(userId, scope, session ? activeTenantId : null);
  }, [pending, session, userId, scope, activeTenantId]);

  const here = location.pathname + location.search;

  const setSuperScope = useCallback(
    (options: NavigateOptions = {}) => {
      persist(userId, 'super', null);
      navigate(withTenantId(options.to ?? here, null));
    },
    [userId, navigate, here],
  );

  const setActiveTenant = useCallback(
    (tenantId: string, options: NavigateOptions = {}) => {
      persist(userId, 'tenant', tenantId);
      navigate(withTenantId(options.to ?? here, tenantId));
    },
    [userId, navigate, here],
  );

  const value = useMemo<ScopeContextValue>(() => {
    const activeMembership = memberships.find((m) => m.tenant_id === activeTenantId) ?? null;
    const role = effectiveRole({
      hasSession: session !== null,
      membershipRoles: activeMembership ? [activeMembership.role] : [],
      userRecordRole: user?.role,
      lookupFailed: membershipError,
    });
    return {
      scope,
      activeTenantId,
      activeMembership,
      role,
      roleKind: guardRoleKind(role, activeMembership),
      setSuperScope,
      setActiveTenant,
      tenantPath: (path) => withTenantId(path, scope === 'tenant' ? activeTenantId : null),
    };
  }, [memberships, activeTenantId, session, user, membershipError, scope, setSuperScope, setActiveTenant]);

  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}
