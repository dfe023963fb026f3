import { BellPlus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { lazyNamed } from '@/components/ui/lazy';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/queries/auth';
import { useSignInPath } from '@/lib/sign-in-path';

/** The popup (radix dialog, react-hook-form) is a chunk of its own, loaded when the button is pointed at or pressed. */
const SaveSearchDialog = lazyNamed(() => import('./save-search-dialog'), 'SaveSearchDialog');
const preload = () => void SaveSearchDialog.preload().catch(() => undefined);

/**
 * "Save this search": keeps the applied filters as a saved search with e-mail alerts. A guest is
 * sent to sign in and back to this search.
 */
export function SaveSearchButton({ filters, className }: { filters: Readonly<Record<string, string | undefined>>; className?: string }) {
  const { t } = useTranslation('listings');
  const session = useSession();
  const navigate = useNavigate();
  const signIn = useSignInPath({ hash: true });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const signedIn = !!session.data?.user;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup={signedIn ? 'dialog' : undefined}
        aria-expanded={signedIn ? open : undefined}
        onPointerEnter={signedIn ? preload : undefined}
        onFocus={signedIn ? preload : undefined}
        onClick={() => {
          if (signedIn) setOpen(true);
          else void navigate(signIn);
        }}
        className={cn(buttonClasses('outline', 'md'), className)}
      >
        <BellPlus aria-hidden="true" className="size-5" />
        {t('saved.saveSearch')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            filters={filters}
            onClose={() => {
              setOpen(false);
              requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
