import type { BillingSummaryAnswer } from '@portico/common';
import { BILLING_BY_OPERATOR, type BillingSummary } from '@portico/core';

export function presentBillingSummary({
  tenant,
  managedBy,
  usage,
  caps,
  invoices,
  periodEnd,
  cycle,
  nextCharge,
}: BillingSummary): BillingSummaryAnswer {
  return {
    tenant: {
      id: tenant.id,
      name: tenant.name,
      tier: tenant.tier,
      plan: tenant.tier,
      status: tenant.status,
      billing_status: tenant.billing_status,
      plan_ends_at: tenant.plan_ends_at?.toISOString() ?? null,
      period_ends_at: periodEnd?.toISOString() ?? null,
      seats_purchased: tenant.seats_total,
      admin_seats_extra: tenant.admin_seats_extra,
    },
    managed_by: managedBy,
    message: managedBy === 'operator' ? BILLING_BY_OPERATOR : null,
    usage: {
      clients_count: usage.clients,
      clients_cap: caps.clients,
      team_count: usage.team,
      team_seats: caps.team!,
      admin_count: usage.admins,
      admin_seats: caps.admins!,
    },
    invoices: invoices.map((i) => ({
      id: i.id,
      created_at: i.issued_at.toISOString(),
      amount_cents: i.amount_cents,
      currency: i.currency,
      status: i.status,
      hosted_invoice_url: i.hosted_invoice_url,
    })),
    cycle,
    status: tenant.billing_status === 'trialing' ? 'trial' : tenant.billing_status,
    trial_ends_at: tenant.billing_status === 'trialing' ? (tenant.trial_ends_at?.toISOString() ?? null) : null,
    next_charge: nextCharge && {
      at: nextCharge.at.toISOString(),
      amount_cents: nextCharge.amountCents,
      currency: nextCharge.currency,
    },
  };
}
