import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { authKeys, getSession, useSocialProviders } from '@/lib/queries/auth';
import { completeSocialSignIn } from '../api/complete-social-sign-in';
import { ensureUser } from '../api/ensure-user';
import { forgetState, providerForState } from '../api/start-social-sign-in';

const NOT_AVAILABLE = 'not_available';
const FAILURE_REDIRECT_MS = 5000;

/** /auth: the provider sends the browser here with code and state. */
export function AuthCallback() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providers = useSocialProviders();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const code = params.get('code') ?? NOT_AVAILABLE;
  const state = params.get('state') ?? NOT_AVAILABLE;
  const providerError = params.get('error');

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
        await completeSocialSignIn({ provider, code, state });
        forgetState(state);
        const session = await getSession();
        queryClient.setQueryData(authKeys.session(), session);
        await ensureUser(session);
        void navigate('/', { replace: true });
      } catch (error) {
        console.error(error);
        setFailed(true);
      }
    })();
  }, [code, state, providerError, missing, provider, navigate, queryClient]);

  useEffect(() => {
    if (!showFailure) return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), FAILURE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [showFailure, navigate]);

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
