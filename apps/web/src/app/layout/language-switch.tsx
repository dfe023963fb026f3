import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@medallion/contracts/site';
import { changeLanguage } from '@/lib/i18n';
import { cn } from '@/lib/cn';

const LABELS: Record<Language, { short: string; name: string }> = {
  en: { short: 'EN', name: 'English' },
  ru: { short: 'RU', name: 'Русский' },
};

/** Two-button switch; the choice is remembered in localStorage. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className={cn('inline-flex rounded-lg border border-white/25 p-0.5', className)}>
      {LANGUAGES.map((lng) => {
        const active = i18n.language === lng;
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            aria-pressed={active}
            title={LABELS[lng].name}
            onClick={() => void changeLanguage(lng)}
            className={cn(
              'min-h-9 min-w-10 rounded-md px-2 text-sm font-semibold transition-colors',
              active ? 'bg-taxi text-asphalt' : 'text-white hover:bg-white/10',
            )}
          >
            <span aria-hidden="true">{LABELS[lng].short}</span>
            <span className="sr-only">{LABELS[lng].name}</span>
          </button>
        );
      })}
    </div>
  );
}
