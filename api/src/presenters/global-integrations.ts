import type { GlobalIntegrationKey, GlobalIntegrationRow } from '@portico/common';
import type { GlobalIntegrationView } from '@portico/core';

export function presentGlobalIntegration(view: GlobalIntegrationView): GlobalIntegrationRow {
  return { ...view, lastUsedAt: view.lastUsedAt?.toISOString() ?? null };
}

export function presentGlobalIntegrations(
  views: Record<GlobalIntegrationKey, GlobalIntegrationView>,
): Record<GlobalIntegrationKey, GlobalIntegrationRow> {
  return Object.fromEntries(
    Object.entries(views).map(([key, view]) => [key, presentGlobalIntegration(view)]),
  ) as Record<GlobalIntegrationKey, GlobalIntegrationRow>;
}
