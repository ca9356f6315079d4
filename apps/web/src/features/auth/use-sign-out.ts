import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { useAuth } from './auth-context.ts';

/**
 * Sign Out: success toast, then /login; a failure is only logged.
 * `alwaysToLogin` (the error screen) goes to /login even when the sign-out call failed.
 */
export function useSignOut({ alwaysToLogin = false }: { alwaysToLogin?: boolean } = {}): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast.success('User Logged Out Successfully');
    } catch (error) {
      console.error(error);
      if (!alwaysToLogin) return;
    }
    await navigate('/login');
  }, [signOut, navigate, alwaysToLogin]);
}
