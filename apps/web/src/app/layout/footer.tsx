import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COPYRIGHT_YEAR } from '@medallion/contracts/site';
import { Container } from '@/components/ui/container';
import { LogoMark } from '@/components/ui/logo';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="bg-asphalt text-slate-300">
      <Container className="flex flex-col gap-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <LogoMark className="size-7" />
          <p className="text-sm">{t('footer.copyright', { year: COPYRIGHT_YEAR })}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <Link to="/terms" className="text-sm font-medium text-white underline-offset-4 hover:underline">
            {t('footer.terms')}
          </Link>
        </nav>
      </Container>
    </footer>
  );
}
