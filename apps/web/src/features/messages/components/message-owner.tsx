import { MessageSquare } from 'lucide-react';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { lazyNamed } from '@/components/ui/lazy';
import { signInPath } from '@/lib/sign-in-path';

/** The form (react-hook-form and the contract's zod check) is a chunk of its own: guests never load it. */
const MessageOwnerForm = lazyNamed(() => import('./message-owner-form'), 'MessageOwnerForm');

/**
 * "Message the owner" on a listing's page: the form for a signed-in user who does not own the
 * listing, a sign-in link that comes back here for guests.
 */
export function MessageOwner({ listingId, signedIn }: { listingId: string; signedIn: boolean }) {
  const { t } = useTranslation('conversations');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-xl font-bold">
        <MessageSquare aria-hidden="true" className="size-5 text-slate-500" />
        {t('owner.title')}
      </h2>
      {signedIn ? (
        <Suspense fallback={<div aria-hidden="true" className="h-56 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />}>
          <MessageOwnerForm listingId={listingId} />
        </Suspense>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{t('owner.guest')}</p>
          <Link to={signInPath(`/listing/${listingId}`)} className={buttonClasses('dark')}>
            {t('owner.signIn')}
          </Link>
        </div>
      )}
    </section>
  );
}
