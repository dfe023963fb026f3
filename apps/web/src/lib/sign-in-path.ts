import { useLocation } from 'react-router';
import { AFTER_SIGN_IN_DEFAULT, sameSitePath } from '@medallion/contracts/safe-redirect';

/**
 * Every way into /login: the sign-in page with the page to come back to (`?redirect=`), checked by the
 * one rule of `@medallion/contracts/safe-redirect` (a path of this site). The home page, where sign-in
 * goes anyway, and a refused target give plain /login.
 */
export function signInPath(back: string): string {
  const target = sameSitePath(back);
  return target && target !== AFTER_SIGN_IN_DEFAULT ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/**
 * /login with a way back to the current page. `hash`: keep the address's #fragment (only for a
 * navigation on a click: the server never sees a fragment, so a link it renders leaves it out).
 * On /login itself, the current address (its own way back kept).
 */
export function useSignInPath({ hash = false }: { hash?: boolean } = {}): string {
  const { pathname, search, hash: fragment } = useLocation();
  if (/^\/login\/?$/i.test(pathname)) return pathname + search;
  return signInPath(pathname + search + (hash ? fragment : ''));
}
