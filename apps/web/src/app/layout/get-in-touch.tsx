import { Clock, Mail, Phone } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_HREF } from '@medallion/contracts/site';
import { Container } from '@/components/ui/container';

// The form (react-hook-form + zod) is loaded when the section comes near the screen, so pages
// do not pay for it before the visitor scrolls down.
const ContactForm = lazy(() =>
  import('@/features/contact/components/contact-form').then((m) => ({ default: m.ContactForm })),
);

function useNearViewport<T extends Element>(enabled: boolean, margin = '400px') {
  const ref = useRef<T>(null);
  // False on the server and in the first (hydrating) render alike, so both draw the placeholder.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (near || !node || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin, enabled]);
  return [ref, near] as const;
}

function ContactDetail({ Icon, label, children }: { Icon: typeof Mail; label?: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span>
        {label && <span className="block text-sm text-slate-600">{label}</span>}
        {children}
      </span>
    </li>
  );
}

/** Same height as the form, so nothing jumps when it arrives. */
function ContactFormPlaceholder() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none">
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-1.5">
          <div className="h-5 w-20 rounded bg-slate-200" />
          <div className="h-[46px] rounded-lg bg-slate-200" />
        </div>
      ))}
      <div className="flex flex-col gap-1.5">
        <div className="h-5 w-24 rounded bg-slate-200" />
        <div className="h-[140px] rounded-lg bg-slate-200" />
      </div>
      <div className="h-11 w-40 rounded-lg bg-slate-200" />
    </div>
  );
}

/** The Get in touch section of the shared frame; the home page scrolls here (#contact). */
export function GetInTouch({ observe }: { observe: boolean }) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLElement>(observe);
  return (
    <section ref={ref} id="contact" tabIndex={-1} aria-labelledby="contact-title" className="scroll-mt-20 focus:outline-none border-t border-slate-200 bg-white py-14">
      <Container className="grid gap-10 md:grid-cols-[1fr_1.4fr]">
        <div className="flex flex-col gap-5">
          <h2 id="contact-title" className="text-3xl font-bold">
            {t('contact.title')}
          </h2>
          <p className="text-lg text-slate-700">{t('contact.intro')}</p>
          <ul className="flex flex-col gap-4">
            <ContactDetail Icon={Mail} label={t('contact.emailLabel')}>
              <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-info underline-offset-4 hover:underline">
                {CONTACT_EMAIL}
              </a>
            </ContactDetail>
            <ContactDetail Icon={Phone} label={t('contact.phoneLabel')}>
              <a href={CONTACT_PHONE_HREF} className="font-semibold text-info underline-offset-4 hover:underline">
                {CONTACT_PHONE}
              </a>
            </ContactDetail>
            <ContactDetail Icon={Clock}>
              <span className="font-semibold text-slate-800">{t('contact.hours')}</span>
            </ContactDetail>
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-paper p-5 shadow-sm sm:p-8">
          <h3 className="mb-4 text-xl font-bold">{t('contact.formTitle')}</h3>
          {near ? (
            <Suspense fallback={<ContactFormPlaceholder />}>
              <ContactForm />
            </Suspense>
          ) : (
            <ContactFormPlaceholder />
          )}
        </div>
      </Container>
    </section>
  );
}
