import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/queries/auth';
import { useSavedListingIds } from '@/lib/queries/saved';
import { useSignInPath } from '@/lib/sign-in-path';
import { useToggleSavedListing } from '../api/toggle-saved-listing';

/**
 * The heart of a listing ("Save listing" / "Remove from saved", aria-pressed). Signed-in users toggle
 * it at once (rolled back with a toast if the server refuses); a guest is sent to sign in and back.
 * `variant`: a round button over a card's photo, or a labelled button on the listing's page.
 */
export function SaveListingButton({ listingId, variant = 'card', className }: { listingId: string; variant?: 'card' | 'detail'; className?: string }) {
  const { t } = useTranslation('listings');
  const session = useSession();
  const signedIn = !!session.data?.user;
  const ids = useSavedListingIds(signedIn);
  const toggle = useToggleSavedListing();
  const navigate = useNavigate();
  const signIn = useSignInPath({ hash: true });
  const saved = signedIn && (ids.data?.data.listing_ids.includes(listingId) ?? false);
  const label = saved ? t('saved.remove') : t('saved.save');

  const onClick = () => {
    if (!signedIn) {
      void navigate(signIn);
      return;
    }
    toggle.mutate({ listingId, save: !saved }, { onError: (error) => toast.error(errorText(error)) });
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={variant === 'card' ? label : undefined}
      title={variant === 'card' ? label : undefined}
      onClick={onClick}
      className={cn(
        'relative z-10 inline-flex items-center justify-center gap-2 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-info',
        variant === 'card'
          ? 'size-11 rounded-full bg-white/95 text-asphalt shadow-sm hover:bg-white'
          : 'min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-asphalt hover:bg-slate-50',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved ? 'fill-danger text-danger' : 'text-asphalt')} />
      {variant === 'detail' && <span>{label}</span>}
    </button>
  );
}
