import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGES, type Language } from '@medallion/contracts/site';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGE_PARAM } from '@/lib/language';
import { cn } from '@/lib/cn';

const LABELS: Record<Language, { short: string; name: string }> = {
  en: { short: 'EN', name: 'English' },
  ru: { short: 'RU', name: 'Русский' },
};

/** Two-button switch; the choice is remembered (storage and cookie), and an address's `?lang=` follows it. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const choose = (lng: Language) => {
    void changeLanguage(lng);
    // A page opened at ?lang=… would come back in that language on reload; the address follows the choice.
    if (params.has(LANGUAGE_PARAM)) {
      const next = new URLSearchParams(params);
      if (lng === 'en') next.delete(LANGUAGE_PARAM);
      else next.set(LANGUAGE_PARAM, lng);
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };
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
            onClick={() => choose(lng)}
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
