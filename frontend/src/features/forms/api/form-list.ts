import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { RESPONSE_PAGE_SIZE, type FormStatus } from '@portico/common';
import { client, type ApiBody } from '../../../lib/api/typed-client';
import { useInvalidate } from '../../../lib/api/workspace-hooks';
import { saveBlob } from '../../../ui/download';
import { responsesCsvName } from '../response-display';
import { formKeys } from './forms';

/**
 * Form management calls (docs/api.md, Forms): the list, copy/archive/assign/delete, the
 * responses and their CSV export. Every key sits under `formKeys.all`, so any change to a form
 * refreshes every view of forms in that workspace at once.
 */

export interface FormListParams {
  limit: 200 | 1000;
  q?: string;
  status?: FormStatus | '';
}

export type FormPatch = ApiBody<'patch', '/forms'>;

/** Under `formKeys.all` (api/forms.ts, which also holds one form's detail query). */
export const formListKeys = {
  list: (tenantId: string | null, params: FormListParams) => [...formKeys.all(tenantId), 'list', params] as const,
  responses: (tenantId: string | null, formId: string) => [...formKeys.all(tenantId), 'responses', formId] as const,
};

function formListQuery(params: FormListParams) {
  return { limit: params.limit, q: params.q?.trim() || undefined, status: params.status || undefined };
}

/** Builders get every form of the workspace; members the published forms assigned to their role. */
export function useFormList(tenantId: string | null, params: FormListParams) {
  return useQuery({
    queryKey: formListKeys.list(tenantId, params),
    queryFn: async () => (await client.GET('/forms', { params: { query: formListQuery(params) }, tenantId })).forms,
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A form's responses, newest first, a page at a time; `total` counts them all. */
export function useFormResponses(tenantId: string | null, formId: string) {
  return useInfiniteQuery({
    queryKey: formListKeys.responses(tenantId, formId),
    queryFn: ({ pageParam }) =>
      client.GET('/form-responses', {
        params: { query: { formId, limit: RESPONSE_PAGE_SIZE, cursor: pageParam ?? undefined } },
        tenantId,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    select: (data) => ({ responses: data.pages.flatMap((page) => page.responses), total: data.pages[0]?.total ?? 0 }),
    enabled: tenantId !== null && formId !== '',
  });
}

/** After a change: every forms view of the workspace, and the admin dashboard's form count. */
function useRefreshForms(tenantId: string | null) {
  const invalidate = useInvalidate();
  return () => invalidate(formKeys.all(tenantId), ['admin-stats', tenantId]);
}

/** PATCH /api/forms: role assignment and archive. Returns the updated form. */
export async function patchForm(tenantId: string, patch: FormPatch) {
  return (await client.PATCH('/forms', { body: patch, tenantId })).form;
}

export function usePatchForm(tenantId: string) {
  const refresh = useRefreshForms(tenantId);
  return useMutation({
    mutationFn: (patch: FormPatch) => patchForm(tenantId, patch),
    onSettled: () => refresh(),
  });
}

/** Several PATCHes at once (the assign widget); each settles on its own, then the lists refresh once. */
export function usePatchForms(tenantId: string) {
  const refresh = useRefreshForms(tenantId);
  return useMutation({
    mutationFn: (patches: FormPatch[]) => Promise.allSettled(patches.map((patch) => patchForm(tenantId, patch))),
    onSettled: () => refresh(),
  });
}

export function useCopyForm(tenantId: string) {
  const refresh = useRefreshForms(tenantId);
  return useMutation({
    mutationFn: async (id: string) =>
      (await client.POST('/forms/{id}/copy', { params: { path: { id } }, tenantId })).form,
    onSuccess: () => refresh(),
  });
}

export function useDeleteForm(tenantId: string) {
  const refresh = useRefreshForms(tenantId);
  return useMutation({
    mutationFn: (id: string) => client.DELETE('/forms/{id}', { params: { path: { id } }, tenantId }),
    // Not awaited: the caller closes the deleted form's panel before its detail would be re-read (a 404).
    onSuccess: () => void refresh(),
  });
}

/** GET …/export.csv with the session (an <a> cannot send the token), saved as `{title}-responses.csv`. */
export async function downloadResponsesCsv(tenantId: string, formId: string, title: string): Promise<void> {
  const csv = await client.GET('/form-responses/export.csv', {
    params: { query: { formId } },
    parseAs: 'blob',
    tenantId,
  });
  saveBlob(csv, responsesCsvName(title));
}
