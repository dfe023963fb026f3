import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@medallion/contracts/safe-redirect';
import { Spinner } from '@/components/ui/spinner';
import { authKeys, getSession, useSocialProviders } from '@/lib/queries/auth';
import { completeSocialSignIn } from '../api/complete-social-sign-in';
import { ensureUser } from '../api/ensure-user';
import { forgetState, providerForState } from '../api/start-social-sign-in';
import { TwoFactorStep } from './two-factor-step';

const NOT_AVAILABLE = 'not_available';
const FAILURE_REDIRECT_MS = 5000;

/**
 * /auth: the provider sends the browser here with code and state; signed in, back to where the sign-in
 * began. An account with two-step sign-in on gets the code's step here first (the sign-in form's step).
 */
export function AuthCallback() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providers = useSocialProviders();
  const [failed, setFailed] = useState(false);
  /** Two-step sign-in on: the page to go back to once the code is in. */
  const [codeStep, setCodeStep] = useState<{ redirect: string } | null>(null);
  const started = useRef(false);
  const code = params.get('code') ?? NOT_AVAILABLE;
  const state = params.get('state') ?? NOT_AVAILABLE;
  const providerError = params.get('error');

  const finishSignIn = useCallback(
    async (redirect: string) => {
      const session = await getSession();
      queryClient.setQueryData(authKeys.session(), session);
      await ensureUser(session);
      // Back to the page the sign-in started from (the server checked it; checked again here).
      void navigate(safeRedirect(redirect), { replace: true });
    },
    [navigate, queryClient],
  );

  const configured = providers.data?.data;
  const provider = configured ? (providerForState(state) ?? (configured.length === 1 ? configured[0]!.id : null)) : undefined;
  const missing = code === NOT_AVAILABLE || state === NOT_AVAILABLE;
  const showFailure = failed || !!providerError || (!missing && provider === null);

  useEffect(() => {
    if (providerError) return;
    if (missing) {
      void navigate('/', { replace: true });
      return;
    }
    if (started.current || !provider) return;
    started.current = true;
    void (async () => {
      try {
        const { redirect, twoFactorRequired } = await completeSocialSignIn({ provider, code, state });
        forgetState(state);
        if (twoFactorRequired) {
          setCodeStep({ redirect });
          return;
        }
        await finishSignIn(redirect);
      } catch (error) {
        console.error(error);
        setFailed(true);
      }
    })();
  }, [code, state, providerError, missing, provider, navigate, finishSignIn]);

  useEffect(() => {
    if (!showFailure) return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), FAILURE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [showFailure, navigate]);

  if (codeStep && !showFailure) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <TwoFactorStep
          email=""
          onMode={() => void navigate(`/login?redirect=${encodeURIComponent(safeRedirect(codeStep.redirect))}`, { replace: true })}
          onSignedIn={() =>
            void finishSignIn(codeStep.redirect).catch((error: unknown) => {
              console.error(error);
              setFailed(true);
            })
          }
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      {showFailure ? (
        <>
          <h1 className="text-2xl font-bold">{t('callback.failedTitle')}</h1>
          <p role="alert" className="text-slate-700">
            {t('callback.failedText')}
          </p>
        </>
      ) : (
        <>
          <Spinner label={t('callback.loading')} className="text-slate-500 [&>span:first-child]:size-10" />
          <h1 className="text-2xl font-bold">{t('callback.loading')}</h1>
        </>
      )}
    </div>
  );
}
