import clsx from 'clsx';
import { Braces } from 'lucide-react';
import { DataTable, type Column } from '../../ui/DataTable';
import type { OperationView, SchemaField } from './openapi';
import { InlineText, RichText } from './RichText';
import { TryIt } from './TryIt';
import styles from './OperationDoc.module.css';
import text from './text.module.css';

type DocumentedField = SchemaField & { in?: string };

const NAME: Column<DocumentedField> = {
  header: 'Name',
  variant: 'mono',
  className: clsx(styles.field, styles.nowrap),
  cell: (field) => field.name,
};
const LOCATION: Column<DocumentedField> = { header: 'In', className: styles.field, cell: (field) => field.in };
const DETAILS: Column<DocumentedField>[] = [
  { header: 'Type', className: clsx(styles.field, styles.nowrap), cell: (field) => field.type },
  { header: 'Required', className: styles.field, cell: (field) => (field.required ? 'Yes' : 'No') },
  {
    header: 'Description',
    className: styles.field,
    cell: (field) => (
      <>
        <InlineText text={field.description} />
        {field.defaultValue !== null && <span className={styles.fieldDefault}> Default: {field.defaultValue}</span>}
      </>
    ),
  },
];

function FieldTable({
  caption,
  fields,
  showLocation,
}: {
  caption: string;
  fields: DocumentedField[];
  showLocation?: boolean;
}) {
  return (
    <DataTable
      rows={fields}
      columns={showLocation ? [NAME, LOCATION, ...DETAILS] : [NAME, ...DETAILS]}
      rowKey={(field) => `${field.in ?? ''}:${field.name}`}
      caption={caption}
      empty={{ icon: Braces, message: 'No fields.' }}
    />
  );
}

/** One operation of the reference, collapsed to its method, path and summary until opened. */
export function OperationDoc({
  operation,
  baseUrl,
  apiKey,
}: {
  operation: OperationView;
  baseUrl: string;
  apiKey: string;
}) {
  const name = `${operation.method} ${operation.path}`;
  return (
    <details className={styles.operation}>
      <summary className={styles.summary}>
        <span className={clsx(styles.method, styles[operation.method.toLowerCase()])}>{operation.method}</span>{' '}
        <code className={styles.path}>{operation.path}</code>{' '}
        <span className={styles.title}>
          <InlineText text={operation.summary} />
        </span>
        {operation.deprecated && <span className={styles.deprecated}>Deprecated</span>}
      </summary>
      <div className={styles.body}>
        {operation.description && <RichText className={styles.description} text={operation.description} />}
        {operation.auth !== 'required' && (
          <p className={text.muted}>
            {operation.auth === 'none' ? 'No API key needed.' : 'The API key is optional here.'}
          </p>
        )}
        {operation.parameters.length > 0 && (
          <>
            <h4 className={text.heading}>Parameters</h4>
            <FieldTable caption={`Parameters of ${name}`} fields={operation.parameters} showLocation />
          </>
        )}
        {operation.body && (
          <>
            <h4 className={text.heading}>
              Request body <span className={styles.contentType}>{operation.body.contentType}</span>
            </h4>
            {operation.body.fields.length > 0 ? (
              <FieldTable caption={`Request body of ${name}`} fields={operation.body.fields} />
            ) : (
              <p className={text.muted}>Any JSON value.</p>
            )}
          </>
        )}
        {operation.responses.length > 0 && (
          <>
            <h4 className={text.heading}>Responses</h4>
            <ul className={styles.responses}>
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <p>
                    <span className={styles.status}>{response.status}</span> <InlineText text={response.description} />
                  </p>
                  {response.fields.length > 0 && (
                    <details className={styles.responseFields}>
                      <summary>Fields</summary>
                      <FieldTable
                        caption={`Fields of the ${response.status} answer to ${name}`}
                        fields={response.fields}
                      />
                    </details>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        <TryIt operation={operation} baseUrl={baseUrl} apiKey={apiKey} />
      </div>
    </details>
  );
}
