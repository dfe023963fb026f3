import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@medallion/contracts/site';
import { Container } from '@/components/ui/container';
import { LogoMark } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { HeaderAccount } from './header-account';
import { LanguageSwitch } from './language-switch';

const NAV = [
  { to: '/marketplace', key: 'nav.marketplace' },
  { to: '/shop', key: 'nav.shop' },
  { to: '/exam', key: 'nav.exam' },
] as const;

/** Closes the mobile menu as soon as the window is wider than the mobile breakpoint. */
function useCloseAboveBreakpoint(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
    const onChange = () => {
      if (query.matches) close();
    };
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, close]);
}

export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const location = useLocation();
  useCloseAboveBreakpoint(open, close);

  // A route change (back button, link elsewhere on the page) also closes the menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 font-medium transition-colors md:max-lg:px-2', isActive ? 'text-taxi' : 'text-slate-100 hover:bg-white/10 hover:text-white');

  return (
    <header className="sticky top-0 z-40 bg-asphalt text-white shadow-md">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-asphalt"
      >
        {t('nav.skipToContent')}
      </a>
      <Container className="flex h-16 items-center justify-between gap-4 md:max-lg:gap-2">
        <Link to="/" onClick={close} className="flex items-center gap-2 rounded-md" aria-label={t('nav.homeLabel')}>
          <LogoMark className="size-9" />
          <span className="text-xl font-bold tracking-tight">Medallion</span>
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex md:max-lg:gap-0">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-3 md:flex md:max-lg:gap-1.5">
          <LanguageSwitch />
          <HeaderAccount compact />
        </div>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>
      </Container>

      {open && (
        <div id="mobile-menu" className="border-t border-white/10 md:hidden">
          <Container className="flex flex-col gap-1 py-3">
            <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
              {NAV.map((item) => (
                <NavLink key={item.to} to={item.to} onClick={close} className={linkClass}>
                  {t(item.key)}
                </NavLink>
              ))}
            </nav>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-3">
              <LanguageSwitch />
              <HeaderAccount onNavigate={close} className="flex-wrap" />
            </div>
          </Container>
        </div>
      )}
    </header>
  );
}
