import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirect } from '@medallion/contracts/safe-redirect';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useSocialProviders } from '@/lib/queries/auth';
import { useStartSocialSignIn } from '../api/start-social-sign-in';
import { useAuthErrorText } from './use-auth-error';

/** "Continue with …" for each configured provider (coming back to /login's `?redirect=`); nothing when none is configured. */
export function SocialButtons() {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const providers = useSocialProviders();
  const start = useStartSocialSignIn();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const list = providers.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {t('social.or')}
      </p>
      {list.map((p) => (
        <Button
          key={p.id}
          variant="outline"
          size="lg"
          disabled={start.isPending}
          onClick={() => start.mutate({ provider: p.id, redirect }, { onError: (error) => toast.error(errorText(error)) })}
        >
          {t('social.continueWith', { provider: p.name })}
        </Button>
      ))}
    </div>
  );
}
