import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Play } from 'lucide-react';
import { z } from 'zod';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import type { BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import type { OperationView, SchemaField } from './openapi';
import { InlineText } from './RichText';
import { binarySummary, buildTryItRequest, formatResponseBody, headersOfInterest, isTextual, paramKey } from './try-it';
import type { TryItRequest } from './try-it';
import styles from './TryIt.module.css';
import text from './text.module.css';

interface TryItResult {
  method: string;
  url: string;
  status: number;
  statusText: string;
  durationMs: number;
  headers: Array<[string, string]>;
  body: string;
}

function FieldHelp({ type, description }: { type: string; description: string }) {
  return (
    <>
      {type}
      {description && (
        <>
          {' · '}
          <InlineText text={description} />
        </>
      )}
    </>
  );
}

function statusTone(status: number): BadgeTone {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return status >= 200 && status < 300 ? 'green' : 'gray';
}

/*
 * The form keeps what was typed by position (the operation's parameters, the multipart body's fields):
 * react-hook-form reads dots and brackets in a field's name as a path, and parameter names have them.
 */
const typed = z.object({
  params: z.array(z.string()),
  formFields: z.array(z.string()),
  files: z.array(z.custom<FileList | null>()),
  body: z.string(),
});
type Typed = z.input<typeof typed>;

/** What was typed, as the request it sends; the first thing missing or malformed is the form's error. */
function tryItRequest(operation: OperationView, fields: SchemaField[], baseUrl: string, apiKey: string) {
  return typed.transform((values, ctx): TryItRequest => {
    const built = buildTryItRequest(operation, baseUrl, {
      apiKey,
      params: Object.fromEntries(operation.parameters.map((param, i) => [paramKey(param), values.params[i] ?? ''])),
      formFields: Object.fromEntries(fields.map((field, i) => [field.name, values.formFields[i] ?? ''])),
      files: Object.fromEntries(fields.map((field, i) => [field.name, values.files[i]?.[0] ?? null])),
      body: values.body,
    });
    if (built.ok) return built.request;
    ctx.addIssue({ code: 'custom', message: built.error, path: ['root'] });
    return z.NEVER;
  });
}

/** Sends one operation with the key typed above (kept in memory only) and shows what came back. */
export function TryIt({ operation, baseUrl, apiKey }: { operation: OperationView; baseUrl: string; apiKey: string }) {
  const body = operation.body;
  const fieldsToFill = body?.multipart ? body.fields.filter((f) => !f.name.includes('.') && !f.name.includes('[')) : [];
  const form = useForm<Typed, unknown, TryItRequest>({
    resolver: zodResolver(tryItRequest(operation, fieldsToFill, baseUrl, apiKey)),
    defaultValues: {
      params: operation.parameters.map(() => ''),
      formFields: fieldsToFill.map(() => ''),
      files: fieldsToFill.map(() => null),
      body: operation.body?.example ?? '',
    },
  });
  const bodyText = useWatch({ control: form.control, name: 'body' });
  const problem = form.formState.errors.root?.message;
  const sending = form.formState.isSubmitting;
  const [result, setResult] = useState<TryItResult | null>(null);

  async function send({ method, url, headers, body: payload }: TryItRequest) {
    const started = performance.now();
    try {
      const response = await fetch(url, { method, headers, body: payload, credentials: 'omit' });
      const contentType = response.headers.get('content-type');
      const shown = isTextual(contentType)
        ? formatResponseBody(await response.text(), contentType)
        : binarySummary(contentType, (await response.blob()).size);
      setResult({
        method,
        url,
        status: response.status,
        statusText: response.statusText,
        durationMs: Math.round(performance.now() - started),
        headers: headersOfInterest(response.headers.entries()),
        body: shown,
      });
    } catch (err) {
      setResult(null);
      form.setError('root', {
        message: `The request could not be sent: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  }

  return (
    <form
      className={styles.tryIt}
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      noValidate
      aria-label={`Try ${operation.method} ${operation.path}`}
    >
      <h4 className={text.heading}>Try it</h4>
      {operation.parameters.length > 0 && (
        <div className={styles.grid}>
          {operation.parameters.map((param, i) => (
            <TextField
              key={paramKey(param)}
              label={`${param.name}${param.required ? ' (required)' : ''}`}
              help={<FieldHelp type={`${param.in}, ${param.type}`} description={param.description} />}
              placeholder={param.defaultValue ?? undefined}
              {...form.register(`params.${i}`)}
            />
          ))}
        </div>
      )}
      {body?.multipart && (
        <div className={styles.grid}>
          {fieldsToFill.map((field, i) =>
            body.fileFields.includes(field.name) ? (
              <TextField
                key={field.name}
                label={`${field.name}${field.required ? ' (required)' : ''}`}
                type="file"
                help={field.description ? <InlineText text={field.description} /> : undefined}
                {...form.register(`files.${i}`)}
              />
            ) : (
              <TextField
                key={field.name}
                label={`${field.name}${field.required ? ' (required)' : ''}`}
                help={<FieldHelp type={field.type} description={field.description} />}
                {...form.register(`formFields.${i}`)}
              />
            ),
          )}
        </div>
      )}
      {body && !body.multipart && (
        <TextAreaField
          label={`Request body (${body.contentType})${body.required ? ' (required)' : ''}`}
          className={styles.body}
          rows={Math.min(12, Math.max(4, bodyText.split('\n').length + 1))}
          spellCheck={false}
          {...form.register('body')}
        />
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={sending}>
          {!sending && <Play size={14} aria-hidden />}
          Send request
        </Button>
      </div>
      {result && (
        <div className={styles.result} aria-live="polite">
          <p className={styles.status}>
            <Badge tone={statusTone(result.status)}>{`Status ${result.status}`}</Badge>
            <span className={clsx(text.mono, styles.url)}>
              {result.method} {result.url}
            </span>
            <span className={text.muted}>{result.durationMs.toLocaleString()} ms</span>
          </p>
          {result.headers.length > 0 && (
            <dl className={styles.headers}>
              {result.headers.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd className={text.mono}>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {result.body && (
            <pre className={text.codeBlock} tabIndex={0} aria-label="Response body">
              {result.body}
            </pre>
          )}
        </div>
      )}
    </form>
  );
}
