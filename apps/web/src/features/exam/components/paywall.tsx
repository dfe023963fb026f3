import { LockKeyhole, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAM_PRICE_CENTS } from '@medallion/contracts/payment-constants';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/money';
import { signInPath } from '@/lib/sign-in-path';

/** Question 6 without access: guests are asked to sign in, signed-in users to unlock. */
export function Paywall({ signedIn, total }: { signedIn: boolean; total: number }) {
  const { t, i18n } = useTranslation('exam');
  const price = formatUsd(EXAM_PRICE_CENTS / 100, i18n.language);
  const Icon = signedIn ? LockKeyhole : Sparkles;
  return (
    <section aria-labelledby="paywall-title" className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center sm:p-10">
      <span className="flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 id="paywall-title" className="text-2xl font-extrabold">
        {signedIn ? t('paywall.unlockTitle') : t('paywall.guestTitle')}
      </h2>
      <p className="max-w-md text-slate-700">{signedIn ? t('paywall.unlockText', { total, price }) : t('paywall.guestText', { total })}</p>
      {signedIn ? (
        <Link to="/exam-checkout" className={cn(buttonClasses('primary', 'lg'), 'w-full sm:w-auto')}>
          {t('paywall.unlock')}
        </Link>
      ) : (
        <Link to={signInPath('/exam')} className={cn(buttonClasses('primary', 'lg'), 'w-full sm:w-auto')}>
          {t('paywall.signIn')}
        </Link>
      )}
    </section>
  );
}
