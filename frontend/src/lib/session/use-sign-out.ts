import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from './session-context';
import { LOGIN_PATH } from '../routes/table';

export function useSignOut(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  }, [signOut, navigate]);
}
