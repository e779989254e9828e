import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { FORM_MESSAGES } from '@portico/common';
import type { FormDetail } from '@portico/common';
import { useFormDetail } from '../api/forms';
import { ChooseTenant } from '../../../ui/ChooseTenant';
import { Page } from '../../../ui/Page';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { useScope } from '../../../lib/scope/scope-context';
import { FormBuilder } from './FormBuilder';
import styles from './FormBuilder.module.css';

function BuilderSkeleton() {
  return (
    <Page width="wide" role="status" aria-label="Loading the form">
      <Skeleton width={260} height={28} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <Skeleton height={140} />
          <Skeleton height={220} />
          <Skeleton height={120} />
        </div>
        <Skeleton height={420} />
      </div>
    </Page>
  );
}

/** Loads the form once; a load error goes back to /forms (tenant-portal §8: "a form-load error redirects to /forms"). */
function EditLoader({ tenantId, id, session }: { tenantId: string; id: string; session: string }) {
  const navigate = useNavigate();
  const { tenantPath } = useScope();
  const detail = useFormDetail(tenantId, id);
  // Later refetches of the same form (window focus, the builder's own saves) never replace what is being edited.
  const [loaded, setLoaded] = useState<FormDetail | null>(null);
  if (loaded === null && detail.isSuccess && detail.isFetchedAfterMount) setLoaded(detail.data);

  const failed = loaded === null && detail.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error(errorMessage(detail.error, FORM_MESSAGES.loadFailed));
    navigate(tenantPath('/forms'), { replace: true });
  }, [failed, detail.error, navigate, tenantPath]);

  if (loaded === null) return <BuilderSkeleton />;
  return <FormBuilder tenantId={tenantId} form={loaded} session={session} />;
}

function BuilderSession({ tenantId, editId, session }: { tenantId: string; editId: string | null; session: string }) {
  // Only the address the session opened with decides what is edited: the first save of a new
  // form adds `?edit={id}` without reloading anything.
  const [openedWith] = useState(editId);
  if (openedWith === null) return <FormBuilder tenantId={tenantId} form={null} session={session} />;
  return <EditLoader tenantId={tenantId} id={openedWith} session={session} />;
}

function sessionOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('builderSession' in state)) return null;
  return typeof state.builderSession === 'string' ? state.builderSession : null;
}

/** /forms/new and /forms/new?edit={id} (builders: admins and team roles). */
export function FormBuilderPage() {
  const { activeTenantId } = useScope();
  const location = useLocation();
  if (!activeTenantId) {
    return (
      <Page>
        <ChooseTenant message="Choose a tenant to build its forms." />
      </Page>
    );
  }
  const editId = new URLSearchParams(location.search).get('edit');
  // A new address (a link, New Form again, another form) starts a new session; the builder's own `?edit=` replacement keeps it.
  const session = sessionOf(location.state) ?? location.key;
  return (
    <BuilderSession key={`${activeTenantId}:${session}`} tenantId={activeTenantId} editId={editId} session={session} />
  );
}
