import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { UserRoundCog } from 'lucide-react';
import { auth } from '../lib/api/client';
import { Button } from '../ui/Button';
import { errorMessage } from '../lib/api/http';
import { useSession } from '../lib/session/session-context';
import { IMPERSONATION_ENDED, useImpersonationProbe, useStopImpersonation } from '../lib/session/impersonation';
import styles from './ImpersonationBanner.module.css';

/**
 * platform-console §2 Banners: while the session in use is an impersonation (its answers say so),
 * a bar above every page says whose session it is, with Stop. When the impersonation runs out, the
 * auth client has already returned to the super admin's session: this says so and opens the console.
 */
export function ImpersonationBanner() {
  const impersonating = useImpersonationProbe();
  const { user } = useSession();
  const stop = useStopImpersonation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stopping, setStopping] = useState(false);

  useEffect(
    () =>
      auth.onSessionAsideRestored(() => {
        // What was read as the person must not show in the console.
        queryClient.clear();
        toast.info(IMPERSONATION_ENDED);
        navigate('/super');
      }),
    [navigate, queryClient],
  );

  if (!impersonating) return null;
  const onStop = async () => {
    setStopping(true);
    try {
      await stop();
    } catch (err) {
      toast.error(errorMessage(err, 'The impersonation could not be stopped. Try again.'));
    } finally {
      setStopping(false);
    }
  };
  return (
    <div className={styles.banner} role="region" aria-label="Impersonation">
      <UserRoundCog size={18} aria-hidden />
      <p className={styles.text}>
        You are impersonating <strong>{user?.email}</strong>. What you do is recorded in their workspace’s security
        activity.
      </p>
      <Button variant="secondary" size="sm" loading={stopping} onClick={() => void onStop()}>
        Stop
      </Button>
    </div>
  );
}
