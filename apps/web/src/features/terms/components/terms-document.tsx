import { useTranslation } from 'react-i18next';

interface TermsSection {
  id: string;
  title: string;
  paragraphs: string[];
  items?: string[];
}

/** Where a section's list goes: after the first paragraph that introduces it with a colon, else at the end. */
export function listPosition(paragraphs: string[]): number {
  const i = paragraphs.findIndex((p) => p.trim().endsWith(':'));
  return i === -1 ? paragraphs.length : i + 1;
}

/** The Terms and Conditions: 30 numbered sections with a table of contents. */
export function TermsDocument() {
  const { t } = useTranslation('terms');
  const intro = t('intro', { returnObjects: true }) as string[];
  const sections = t('sections', { returnObjects: true }) as TermsSection[];
  return (
    <article className="flex flex-col gap-8">
      <header id="terms-top" className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t('title')}</h1>
        <p className="font-medium text-slate-600">{t('lastUpdated')}</p>
      </header>
      <div className="flex flex-col gap-3 text-slate-800">
        {intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <nav aria-labelledby="toc-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h2 id="toc-title" className="mb-3 text-xl font-bold">
          {t('tocTitle')}
        </h2>
        <ol className="list-decimal gap-x-10 pl-6 sm:columns-2 [&>li]:mb-1.5 [&>li]:break-inside-avoid">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-info underline-offset-4 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-col gap-8">
        {sections.map((s, i) => {
          const at = listPosition(s.paragraphs);
          return (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-20">
              <h2 id={`${s.id}-title`} className="mb-3 text-xl font-bold sm:text-2xl">
                {i + 1}. {s.title}
              </h2>
              <div className="flex flex-col gap-3 leading-relaxed text-slate-800">
                {s.paragraphs.slice(0, at).map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {s.items && (
                  <ul className="flex list-disc flex-col gap-1.5 pl-6">
                    {s.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {s.paragraphs.slice(at).map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
              <a href="#terms-top" className="mt-3 inline-block text-sm text-info underline-offset-4 hover:underline">
                {t('backToTop')}
              </a>
            </section>
          );
        })}
      </div>
    </article>
  );
}
