import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The session-dependent end of the header. Without a session: the Sign in button.
 * The accounts feature adds the Dashboard link, the cart count and Sign Out here.
 */
export function HeaderAccount({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/login" onClick={onNavigate} className={cn(buttonClasses('primary', 'sm'), 'min-h-10', className)}>
      {t('nav.signIn')}
    </Link>
  );
}
