import {
  answerText,
  type FormDetail,
  type FormResponseView,
  type FormSummary,
  type ResponseFile,
  type ResponseItem,
} from '@portico/common';
import {
  completionRate,
  type FileRecord,
  type Form,
  type FormListRow,
  type FormStats,
  type ResponseWithVersion,
} from '@portico/core';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function presentFormRow(row: FormListRow): FormSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    published: row.status === 'published',
    assigned_roles: row.assigned_roles,
    version: row.version,
    questions_count: row.questions_count,
    responses_count: row.responses_count,
    completion_rate: completionRate(row),
    submitted: row.submitted,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentForm(form: Form, stats: FormStats): FormDetail {
  return {
    ...presentFormRow({
      id: form.id,
      title: form.title,
      description: form.description,
      status: form.status,
      assigned_roles: form.assigned_roles,
      version: form.version,
      questions_count: form.fields.length,
      created_at: form.created_at,
      updated_at: form.updated_at,
      ...stats,
    }),
    fields: form.fields,
    theme: form.theme,
  };
}

function responseFile(file: FileRecord | undefined): ResponseFile | null {
  return file
    ? { id: file.id, title: file.title, original_name: file.original_name, size_bytes: file.size_bytes }
    : null;
}

export function presentResponse(
  { response, version, questionIds }: ResponseWithVersion,
  files: ReadonlyMap<string, FileRecord>,
): FormResponseView {
  const items: ResponseItem[] = questionIds.map((id) => {
    const answer = response.answers[id]!;
    const item: ResponseItem = { question_id: id, label: answer.label, type: answer.type, value: answer.value };
    if (answer.type === 'file')
      item.file = responseFile(typeof answer.value === 'string' ? files.get(answer.value) : undefined);
    return item;
  });
  // Labels are whatever the builder typed: keep the first answer per label as an own key, even
  // for labels such as "constructor" or "__proto__".
  const byLabel = new Map<string, ResponseItem['value']>();
  for (const item of items) if (!byLabel.has(item.label)) byLabel.set(item.label, item.value);
  const answers: Record<string, ResponseItem['value']> = Object.fromEntries(byLabel);
  return {
    id: response.id,
    form_id: response.form_id,
    version,
    user_id: response.user_id,
    user_email: response.user_email,
    user_name: response.user_name,
    answers,
    items,
    created_at: iso(response.created_at),
  };
}

/** One CSV row per response: Name, Email, Submitted At, then a column per question label (in first-seen order). */
export function responsesCsv(responses: readonly FormResponseView[]): { columns: string[]; rows: string[][] } {
  const labels: string[] = [];
  for (const r of [...responses].reverse())
    for (const item of r.items) if (!labels.includes(item.label)) labels.push(item.label);
  const rows = responses.map((r) => {
    const byLabel = new Map<string, string>();
    for (const item of r.items)
      if (!byLabel.has(item.label)) byLabel.set(item.label, answerText(item.value, item.file));
    return [r.user_name ?? '', r.user_email, r.created_at, ...labels.map((l) => byLabel.get(l) ?? '')];
  });
  return { columns: ['Name', 'Email', 'Submitted At', ...labels], rows };
}
