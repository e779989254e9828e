import clsx from 'clsx';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Play } from 'lucide-react';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import type { BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import type { OperationView } from './openapi';
import { InlineText } from './RichText';
import {
  binarySummary,
  buildTryItRequest,
  emptyInputs,
  formatResponseBody,
  headersOfInterest,
  isTextual,
  paramKey,
} from './try-it';
import type { TryItInputs } from './try-it';
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

/** Sends one operation with the key typed above (kept in memory only) and shows what came back. */
export function TryIt({ operation, baseUrl, apiKey }: { operation: OperationView; baseUrl: string; apiKey: string }) {
  const [inputs, setInputs] = useState<TryItInputs>(() => ({ ...emptyInputs(), body: operation.body?.example ?? '' }));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TryItResult | null>(null);
  const body = operation.body;
  const fieldsToFill = body?.multipart ? body.fields.filter((f) => !f.name.includes('.') && !f.name.includes('[')) : [];

  async function send(event: FormEvent) {
    event.preventDefault();
    const built = buildTryItRequest(operation, baseUrl, { ...inputs, apiKey });
    if (!built.ok) {
      setProblem(built.error);
      return;
    }
    setProblem(null);
    setSending(true);
    const { method, url, headers, body: payload } = built.request;
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
      setProblem(`The request could not be sent: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className={styles.tryIt}
      onSubmit={(e) => void send(e)}
      noValidate
      aria-label={`Try ${operation.method} ${operation.path}`}
    >
      <h4 className={text.heading}>Try it</h4>
      {operation.parameters.length > 0 && (
        <div className={styles.grid}>
          {operation.parameters.map((param) => (
            <TextField
              key={paramKey(param)}
              label={`${param.name}${param.required ? ' (required)' : ''}`}
              help={<FieldHelp type={`${param.in}, ${param.type}`} description={param.description} />}
              value={inputs.params[paramKey(param)] ?? ''}
              placeholder={param.defaultValue ?? undefined}
              onChange={(e) =>
                setInputs({ ...inputs, params: { ...inputs.params, [paramKey(param)]: e.target.value } })
              }
            />
          ))}
        </div>
      )}
      {body?.multipart && (
        <div className={styles.grid}>
          {fieldsToFill.map((field) =>
            body.fileFields.includes(field.name) ? (
              <TextField
                key={field.name}
                label={`${field.name}${field.required ? ' (required)' : ''}`}
                type="file"
                help={field.description ? <InlineText text={field.description} /> : undefined}
                onChange={(e) =>
                  setInputs({ ...inputs, files: { ...inputs.files, [field.name]: e.target.files?.[0] ?? null } })
                }
              />
            ) : (
              <TextField
                key={field.name}
                label={`${field.name}${field.required ? ' (required)' : ''}`}
                help={<FieldHelp type={field.type} description={field.description} />}
                value={inputs.formFields[field.name] ?? ''}
                onChange={(e) =>
                  setInputs({ ...inputs, formFields: { ...inputs.formFields, [field.name]: e.target.value } })
                }
              />
            ),
          )}
        </div>
      )}
      {body && !body.multipart && (
        <TextAreaField
          label={`Request body (${body.contentType})${body.required ? ' (required)' : ''}`}
          className={styles.body}
          rows={Math.min(12, Math.max(4, inputs.body.split('\n').length + 1))}
          spellCheck={false}
          value={inputs.body}
          onChange={(e) => setInputs({ ...inputs, body: e.target.value })}
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
