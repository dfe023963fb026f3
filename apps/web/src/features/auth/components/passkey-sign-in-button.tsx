import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { passkeyAvailability, passkeyProblem } from '@/lib/passkeys';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { useAuthErrorText } from './use-auth-error';

/**
 * "Sign in with a passkey" on /login: no e-mail asked (the device offers the user's passkeys for this
 * site), no password and no code. Signed in, it goes on like the other sign-ins (`onSignedIn`: the
 * page of `?redirect=`). A closed prompt is a calm note under the button, not an error; so is an address
 * passkeys cannot work on (plain http beyond localhost), which says what to do.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useAuthErrorText();
  const signIn = usePasskeySignIn();
  const [note, setNote] = useState<string | null>(null);
  const onClick = () => {
    setNote(null);
    const availability = passkeyAvailability();
    if (availability !== 'ok') return setNote(t(`passkey.${availability}`));
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const problem = passkeyProblem(error);
        if (problem === 'cancelled') setNote(t('passkey.cancelled'));
        else if (problem === 'unsupported' || problem === 'insecureAddress') setNote(t(`passkey.${problem}`));
        else toast.error(errorText(error));
      },
    });
  };
  return (
    <div className="mt-3 flex flex-col gap-2">
      <Button type="button" variant="outline" size="lg" disabled={signIn.isPending} onClick={onClick}>
        {signIn.isPending ? <Spinner label={t('passkey.waiting')} /> : <KeyRound aria-hidden="true" className="size-5" />}
        {signIn.isPending ? t('passkey.waiting') : t('passkey.signIn')}
      </Button>
      <p role="status" className="text-center text-sm text-slate-700 empty:hidden">
        {note}
      </p>
    </div>
  );
}
