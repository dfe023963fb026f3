import { LayoutDashboard, LogOut, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useSession } from '@/features/auth/api/get-session';
import { signOut } from '@/features/auth/api/sign-out';
import { useCartCount } from '@/features/shop/api/get-cart';
import { cn } from '@/lib/cn';

/**
 * The session-dependent end of the header: Sign in without a session; Dashboard, the cart with its
 * count (the summed quantity of the cart items) and Sign Out with one.
 */
export function HeaderAccount({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user;
  const cartCount = useCartCount(Boolean(user));
  if (session.isPending) return <span className={cn('inline-block h-10 w-24', className)} aria-hidden="true" />;
  if (!user) {
    return (
      <Link to="/login" onClick={onNavigate} className={cn(buttonClasses('primary', 'sm'), 'min-h-10', className)}>
        {t('nav.signIn')}
      </Link>
    );
  }
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {user.role === 'staff' && (
        <Link to="/admin" onClick={onNavigate} className="rounded-md px-3 py-2 font-medium text-slate-100 hover:bg-white/10">
          {t('nav.admin')}
        </Link>
      )}
      <Link to="/dashboard" onClick={onNavigate} className="inline-flex items-center gap-1.5 rounded-md px-3 py-2 font-medium text-slate-100 hover:bg-white/10">
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {t('nav.dashboard')}
      </Link>
      <Link
        to="/cart"
        onClick={onNavigate}
        aria-label={t('nav.cart', { count: cartCount })}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-100 hover:bg-white/10"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-taxi px-1 text-xs font-bold text-asphalt">
          {cartCount}
        </span>
      </Link>
      <button
        type="button"
        onClick={() => void signOut()}
        className={cn(buttonClasses('outlineLight', 'sm'), 'ml-1 min-h-10')}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {t('nav.signOut')}
      </button>
    </div>
  );
}
