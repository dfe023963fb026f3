import { LayoutDashboard, LogOut, ShieldCheck, ShoppingCart, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useSession } from '@/lib/queries/auth';
import { signOut } from '@/features/auth/api/sign-out';
import { cn } from '@/lib/cn';
import { useCartCount } from '@/lib/queries/shop';
import { useSignInPath } from '@/lib/sign-in-path';

/**
 * The session-dependent end of the header: Sign in without a session; Dashboard, the cart with its
 * count (the summed quantity of the cart items) and Sign Out with one. `compact`: between 768 and
 * 1024 px the desktop header has no room for the words (least of all in Russian), so Admin,
 * Dashboard and Sign Out show their icons and keep their words for screen readers and as tooltips.
 */
export function HeaderAccount({ onNavigate, className, compact = false }: { onNavigate?: () => void; className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const word = compact ? 'max-lg:sr-only' : undefined;
  const tip = (text: string) => (compact ? text : undefined);
  const session = useSession();
  // Sign in comes back to this page (the server renders the link too, so without the #fragment).
  const signIn = useSignInPath();
  const user = session.data?.user;
  const cartCount = useCartCount(Boolean(user));
  // While the session loads, the room of the Sign in button (what a first visit gets), so the header does not move.
  if (session.isPending) {
    return (
      <span aria-hidden="true" className={cn(buttonClasses('primary', 'sm'), 'invisible min-h-10', className)}>
        {t('nav.signIn')}
      </span>
    );
  }
  if (!user) {
    return (
      <Link to={signIn} onClick={onNavigate} className={cn(buttonClasses('primary', 'sm'), 'min-h-10', className)}>
        {t('nav.signIn')}
      </Link>
    );
  }
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {user.role === 'staff' && <AccountLink to="/admin" Icon={ShieldCheck} text={t('nav.admin')} compact={compact} onNavigate={onNavigate} />}
      <AccountLink to="/dashboard" Icon={LayoutDashboard} text={t('nav.dashboard')} compact={compact} onNavigate={onNavigate} />
      <Link
        to="/cart"
        onClick={onNavigate}
        aria-label={t('nav.cart', { count: cartCount })}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-100 hover:bg-white/10"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-taxi px-1 text-xs font-bold text-asphalt"
        >
          {cartCount}
        </span>
      </Link>
      <button type="button" onClick={() => void signOut()} title={tip(t('nav.signOut'))} className={cn(buttonClasses('outlineLight', 'sm'), 'ml-1 min-h-10')}>
        <LogOut aria-hidden="true" className="size-4" />
        <span className={word}>{t('nav.signOut')}</span>
      </button>
    </div>
  );
}

interface AccountLinkProps {
  to: string;
  Icon: LucideIcon;
  text: string;
  compact: boolean;
  onNavigate?: () => void;
}

/** Admin and Dashboard: an icon and a word (compact, below 1024 px: the word for screen readers and as the tooltip). */
function AccountLink({ to, Icon, text, compact, onNavigate }: AccountLinkProps) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      title={compact ? text : undefined}
      className={cn('inline-flex items-center gap-1.5 rounded-md py-2 font-medium text-slate-100 hover:bg-white/10', compact ? 'px-3 max-lg:px-2' : 'px-3')}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className={compact ? 'max-lg:sr-only' : undefined}>{text}</span>
    </Link>
  );
}
