import { Clock, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL, CONTACT_PHONE, CONTACT_PHONE_HREF } from '@medallion/contracts/site';
import { Container } from '@/components/ui/container';
import { ContactForm } from '@/features/contact/components/contact-form';

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

/** The Get in touch section of the shared frame; the home page scrolls here (#contact). */
export function GetInTouch() {
  const { t } = useTranslation();
  return (
    <section id="contact" tabIndex={-1} aria-labelledby="contact-title" className="scroll-mt-20 focus:outline-none border-t border-slate-200 bg-white py-14">
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
          {/* Drawn with the page (its checks load when it is first used), so nothing below it moves later. */}
          <ContactForm />
        </div>
      </Container>
    </section>
  );
}
