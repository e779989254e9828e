import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Answers, FormDetail, ResponseFile } from '@portico/common';
import { client, type ApiAnswer, type ApiBody, type ApiSchema } from '../../../lib/api/typed-client';
import { sendForm } from '../../../lib/api/upload';

/** Calls of one form: read, create, save, fill (docs/api.md, Forms). The lists are in form-list.ts. */

export type { FormDetail, FormResponseView, FormSummary, ResponseFile } from '@portico/common';

/** What POST /api/forms and PUT /api/forms/{id} take. */
export type FormInput = ApiSchema<'FormInput'>;

/** Every form query of a workspace sits under `formKeys.all`, so one invalidation refreshes lists and dashboards. */
export const formKeys = {
  all: (tenantId: string | null) => ['forms', tenantId] as const,
  detail: (tenantId: string | null, id: string) => ['forms', tenantId, 'detail', id] as const,
};

/** One form with its questions and theme; 403/404 are answers to show, not to retry. */
export function useFormDetail(tenantId: string | null, id: string) {
  return useQuery({
    queryKey: formKeys.detail(tenantId, id),
    queryFn: async () => (await client.GET('/forms/{id}', { params: { path: { id } }, tenantId })).form,
    enabled: tenantId !== null && id !== '',
    retry: false,
  });
}

/** After a save: the saved form becomes the cached detail; lists and counts are refetched. */
function storeSaved(queryClient: QueryClient, tenantId: string | null, form: FormDetail) {
  queryClient.setQueryData(formKeys.detail(tenantId, form.id), form);
  void queryClient.invalidateQueries({
    queryKey: formKeys.all(tenantId),
    predicate: (query) => query.queryKey[2] !== 'detail',
  });
  void queryClient.invalidateQueries({ queryKey: ['admin-stats', tenantId] });
}

export function useCreateForm(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FormInput) => (await client.POST('/forms', { body: input, tenantId })).form,
    onSuccess: (form) => storeSaved(queryClient, tenantId, form),
  });
}

export function useSaveForm(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: FormInput }) =>
      (await client.PUT('/forms/{id}', { params: { path: { id } }, body: input, tenantId })).form,
    onSuccess: (form) => storeSaved(queryClient, tenantId, form),
  });
}

export interface SubmitInput {
  answers: Answers;
  /** The version that was filled, so later edits never change what this response means. */
  version: number;
}

/** 201 `{response}`; a 400 carries `details.fields` (problems by question id), read with `submissionProblems`. */
export function useSubmitResponse(tenantId: string | null, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SubmitInput) =>
      (
        await client.POST('/forms/{id}/responses', {
          params: { path: { id: formId } },
          // JSON leaves an undefined answer out, as the API's record of answers expects.
          body: input as ApiBody<'post', '/forms/{id}/responses'>,
          tenantId,
        })
      ).response,
    // `submitted`, response counts, completion rates and the member checklist all change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: formKeys.all(tenantId) });
      void queryClient.invalidateQueries({ queryKey: ['checklist', tenantId] });
    },
  });
}

/** Uploads the file answering a file question; the answer is the returned file's id. */
export function uploadFormFile(
  tenantId: string,
  formId: string,
  questionId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ResponseFile> {
  const body = new FormData();
  body.append('question_id', questionId);
  body.append('file', file, file.name);
  return sendForm<ApiAnswer<'post', '/forms/{id}/uploads'>>(
    `/api/forms/${encodeURIComponent(formId)}/uploads`,
    tenantId,
    body,
    onProgress,
  ).then((answer) => answer.file);
}
