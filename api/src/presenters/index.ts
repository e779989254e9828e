import {
  roleKindOf,
  type AuthUser,
  type AuthUserAnswer,
  type Profile as ProfileAnswer,
  type RoleType,
  type TenantSummary,
} from '@portico/common';
import {
  billingStateOf,
  hasCustomDomains,
  type Actor,
  type Profile,
  type Tenant,
  type TenantSummary as TenantSummaryOf,
  type User,
} from '@portico/core';
import { accountAbilitiesOf, membershipAbilitiesOf } from '../policies';

export function presentUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role ?? null,
    created_at: user.created_at.toISOString(),
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
    pending_email: user.pending_email ?? null,
  };
}

export function presentProfile(profile: Profile | null, userId: string): ProfileAnswer {
  return {
    id: userId,
    first_name: profile?.first_name ?? null,
    last_name: profile?.last_name ?? null,
    phone: profile?.phone ?? null,
    linkedin: profile?.linkedin ?? null,
    title: profile?.title ?? null,
  };
}

export function presentActor(actor: Actor, profile: Profile | null): AuthUserAnswer {
  return {
    user: presentUser(actor.user),
    profile: presentProfile(profile, actor.user.id),
    is_super_admin: actor.isSuperAdmin,
    memberships: actor.memberships.map((m) => ({
      tenant_id: m.tenant_id,
      tenant_name: m.tenant_name,
      tenant_slug: m.tenant_slug,
      tenant_status: m.tenant_status,
      role: m.role,
      role_label: m.role_label,
      role_kind: m.role_kind,
      status: m.status,
      abilities: membershipAbilitiesOf(actor, m),
    })),
    abilities: accountAbilitiesOf(actor),
  };
}

export function presentRoleTypes(roleTypes: readonly RoleType[]) {
  return roleTypes.map((r) => ({
    role_key: r.role_key,
    role_label: r.role_label,
    role_color: r.role_color,
    kind: roleKindOf(r.role_key, roleTypes),
  }));
}

function presentBillingState(tenant: Tenant, now: Date) {
  const state = billingStateOf(tenant, now);
  return {
    ...state,
    trial_ends_at: state.trial_ends_at?.toISOString() ?? null,
    grace_ends_at: state.grace_ends_at?.toISOString() ?? null,
    billing_starts_at: state.billing_starts_at?.toISOString() ?? null,
  };
}

/** The workspace's settings as every page reads them; `now` decides whether its billing makes it read-only. */
export function presentTenantConfig(tenant: Tenant, roleTypes: readonly RoleType[], now: Date) {
  return {
    id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    status: tenant.status,
    support_email: tenant.support_email,
    logo_url: tenant.logo_url,
    favicon_url: tenant.favicon_url,
    primary_color: tenant.primary_color,
    secondary_color: tenant.secondary_color,
    privacy_url: tenant.privacy_url,
    terms_url: tenant.terms_url,
    features: { ...tenant.features, custom_domain: hasCustomDomains(tenant) },
    tier: tenant.tier,
    plan: tenant.tier,
    seats_purchased: tenant.seats_total,
    billing_status: tenant.billing_status,
    billing: presentBillingState(tenant, now),
    role_labels: Object.fromEntries(roleTypes.map((r) => [r.role_key, r.role_label])),
    role_colors: Object.fromEntries(roleTypes.map((r) => [r.role_key, r.role_color])),
    magic_links: tenant.magic_links,
    provider_buttons: tenant.provider_buttons,
  };
}

export function presentTenantSummary({ tenant, seatsUsed, usage }: TenantSummaryOf, now: Date): TenantSummary {
  return {
    id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    tier: tenant.tier,
    status: tenant.status,
    seats_used: seatsUsed,
    seats_total: tenant.seats_total,
    domain: tenant.domain,
    created_at: tenant.created_at.toISOString(),
    usage,
    billing: { billing_status: tenant.billing_status, ...presentBillingState(tenant, now) },
  };
}
