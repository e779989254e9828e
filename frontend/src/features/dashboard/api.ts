import { useQuery } from '@tanstack/react-query';
import type { Checklist, ChecklistItem } from '@portico/common';
import { api } from '../../lib/api/client';

export type { Checklist, ChecklistItem };

export function useChecklist(tenantId: string | null) {
  return useQuery({
    queryKey: ['checklist', tenantId],
    queryFn: () => api<Checklist>('/api/dashboard/checklist', { tenantId }),
    enabled: tenantId !== null,
  });
}
