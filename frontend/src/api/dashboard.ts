import { useQuery } from '@tanstack/react-query';
import { api } from '../auth/client';

export interface ChecklistItem {
  key: string;
  label: string;
  done: boolean;
  progress?: { done: number; total: number };
}

export interface Checklist {
  items: ChecklistItem[];
  percent: number;
}

export function useChecklist(tenantId: string | null) {
  return useQuery({
    queryKey: ['checklist', tenantId],
    queryFn: () => api<Checklist>('/api/dashboard/checklist', { tenantId }),
    enabled: tenantId !== null,
  });
}
