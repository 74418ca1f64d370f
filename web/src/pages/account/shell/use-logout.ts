import { useNavigate } from '@tanstack/react-router';
import { logOut } from '../../../api/accounts';

/**
 * Logout from the sidebar or the avatar menu: leave the signed-in pages first (their queries would
 * refetch, tokenless, as the session goes), then forget the session.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await navigate({ to: '/' });
    await logOut();
  };
}
