import { CircleCheck, LinkIcon, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_RESTORE_TOKEN_PATTERN } from '@medallion/contracts/account';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHead } from '@/components/ui/page-head';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useRestoreEmail } from '../api/restore-email';

const BOX = 'flex flex-col items-center gap-4 py-16 text-center';
const ICON = 'flex size-16 items-center justify-center rounded-full bg-taxi-soft text-asphalt';

/**
 * The link of the notice to the old address after an e-mail change (issue #33): "Put my address back"
 * (a button: a mail scanner that opens the link changes nothing), then the address is back, every
 * browser signed out and the password to set again; a used or expired link says so.
 */
export function RestoreEmail({ token }: { token: string }) {
  const { t } = useTranslation('profile');
  const restore = useRestoreEmail();
  const expired =
    !EMAIL_RESTORE_TOKEN_PATTERN.test(token) ||
    (restore.error instanceof ApiClientError && (restore.error.key === 'account.emailRestoreInvalid' || restore.error.code === 'VALIDATION_ERROR'));

  if (expired) {
    return (
      <div className={BOX}>
        <PageHead title={t('restoreEmail.expiredTitle')} noIndex />
        <span className={ICON}>
          <LinkIcon aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-bold">{t('restoreEmail.expiredTitle')}</h1>
        <p className="max-w-md text-lg text-slate-700">{t('restoreEmail.expiredText')}</p>
        <Link to="/login" className={buttonClasses('primary')}>
          {t('restoreEmail.toSignIn')}
        </Link>
      </div>
    );
  }
  if (restore.error instanceof ApiClientError && restore.error.key === 'account.emailRestoreTaken') {
    // Trying again cannot help (another account holds the address): no button, a way to write to us.
    return (
      <div className={BOX}>
        <PageHead title={t('restoreEmail.takenTitle')} noIndex />
        <span className={ICON}>
          <ShieldAlert aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-bold">{t('restoreEmail.takenTitle')}</h1>
        <p role="alert" className="max-w-md text-lg text-slate-700">
          {errorText(restore.error)}
        </p>
        <a href="#contact" className={buttonClasses('primary')}>
          {t('restoreEmail.writeToUs')}
        </a>
      </div>
    );
  }
  if (restore.isSuccess) {
    return (
      <div className={BOX}>
        <PageHead title={t('restoreEmail.doneTitle')} noIndex />
        <span className={ICON}>
          <CircleCheck aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-bold">{t('restoreEmail.doneTitle')}</h1>
        <p className="max-w-md text-lg text-slate-700" data-testid="restored-email">
          {t('restoreEmail.doneText', { email: restore.data.email })}
        </p>
        <p className="max-w-md text-slate-700">{t('restoreEmail.nextStep')}</p>
        <Link to="/login" className={buttonClasses('primary')}>
          {t('restoreEmail.setPassword')}
        </Link>
      </div>
    );
  }
  return (
    <div className={BOX}>
      <PageHead title={t('restoreEmail.title')} noIndex />
      <span className={ICON}>
        <ShieldAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-3xl font-bold">{t('restoreEmail.title')}</h1>
      <p className="max-w-md text-lg text-slate-700">{t('restoreEmail.text')}</p>
      <Button onClick={() => restore.mutate(token)} disabled={restore.isPending}>
        {restore.isPending && <Spinner label={t('restoreEmail.restoring')} />}
        {t('restoreEmail.confirm')}
      </Button>
      {restore.isError && (
        <p role="alert" className="max-w-md text-danger-text">
          {errorText(restore.error)}
        </p>
      )}
    </div>
  );
}
