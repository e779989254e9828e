import { useId, useMemo, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { useApiKeys, useOpenApiDocument } from './api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { TextField } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { sectionBlock } from './integration-text';
import { readOpenApi } from './openapi';
import type { ApiReference } from './openapi';
import { OperationDoc } from './OperationDoc';
import { SectionCard } from './SectionCard';
import { InlineText, RichText } from './RichText';
import { resolveBaseUrl } from './try-it';
import styles from './DocumentationSection.module.css';
import listStyles from './IntegrationList.module.css';
import text from './text.module.css';

const TITLE = 'Documentation';
const DESCRIPTION =
  'The public API, read from its OpenAPI description. Open an operation to see its fields and try it.';
/** The document describes every endpoint; the public API's operations are those an API key opens. */
const PUBLIC_API_SCHEME = 'apiKey';

function readReference(value: unknown): { reference: ApiReference; error: null } | { reference: null; error: string } {
  try {
    return { reference: readOpenApi(value, { securityScheme: PUBLIC_API_SCHEME }), error: null };
  } catch (err) {
    return { reference: null, error: err instanceof Error ? err.message : 'The API description could not be read.' };
  }
}

function Reference({ reference }: { reference: ApiReference }) {
  const [apiKey, setApiKey] = useState('');
  const groupId = useId();
  const baseUrl = resolveBaseUrl(reference.serverUrl, window.location.origin);
  return (
    <div className={styles.reference}>
      <dl className={styles.overview}>
        <div>
          <dt>Base URL</dt>
          <dd>
            <code>{baseUrl}</code>
          </dd>
        </div>
        {reference.version && (
          <div>
            <dt>Version</dt>
            <dd>{reference.version}</dd>
          </div>
        )}
        <div>
          <dt>Authentication</dt>
          <dd>
            {reference.auth.length > 0 ? (
              reference.auth.map((scheme) => (
                <p key={scheme.name}>
                  <code>{scheme.usage}</code>
                  {scheme.description && (
                    <>
                      {' — '}
                      <InlineText text={scheme.description} />
                    </>
                  )}
                </p>
              ))
            ) : (
              <p>
                <code>Authorization: Bearer ptk_…</code>
              </p>
            )}
            <p className={text.muted}>
              Create a key under API Access. A key works only for this workspace and only for this API.
            </p>
          </dd>
        </div>
      </dl>
      {reference.description && <RichText className={styles.description} text={reference.description} />}
      <div className={styles.keyInput}>
        <TextField
          label="API key for Try it"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="ptk_…"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          help="Used only to send requests from this page. It stays in this page's memory and is never saved."
        />
      </div>
      {reference.operationCount === 0 && <EmptyState icon={BookOpen} message="The API describes no operations yet." />}
      {reference.groups.map((group, index) => (
        <section key={group.name} className={styles.group} aria-labelledby={`${groupId}-${index}`}>
          <h3 className={styles.groupTitle} id={`${groupId}-${index}`}>
            {group.name}
          </h3>
          {group.description && (
            <p className={styles.groupDescription}>
              <InlineText text={group.description} />
            </p>
          )}
          <div className={styles.operations}>
            {group.operations.map((operation) => (
              <OperationDoc key={operation.key} operation={operation} baseUrl={baseUrl} apiKey={apiKey} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** Documentation: the OpenAPI document rendered with a try-it view; upgrade prompt on a plan without integrations. */
export function DocumentationSection({ tenantId }: { tenantId: string }) {
  const openApi = useOpenApiDocument();
  // The plan shows in the workspace's answers; the document itself is public.
  const keys = useApiKeys(tenantId);
  const block = sectionBlock(keys.error);
  const parsed = useMemo(
    () => (openApi.isSuccess ? readReference(openApi.data) : null),
    [openApi.isSuccess, openApi.data],
  );

  let content;
  if (openApi.isPending)
    content = (
      <div className={listStyles.loading} role="status" aria-label="Loading the API documentation">
        <Skeleton width={280} height={16} />
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    );
  else if (openApi.isError)
    content = (
      <ErrorState
        message="Failed to load the API documentation"
        onRetry={() => void openApi.refetch()}
        retrying={openApi.isFetching}
      />
    );
  else if (parsed?.error)
    content = (
      <ErrorState message={parsed.error} onRetry={() => void openApi.refetch()} retrying={openApi.isFetching} />
    );
  else if (parsed?.reference) content = <Reference reference={parsed.reference} />;

  return (
    <SectionCard title={TITLE} description={DESCRIPTION} feature="the API" block={block}>
      {content}
    </SectionCard>
  );
}
