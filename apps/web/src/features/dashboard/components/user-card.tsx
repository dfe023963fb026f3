import { Plus, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nationalUsPhone } from '@medallion/contracts/phone-format';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/queries/users';
import { errorText } from '@/lib/error-text';

/** Full name, e-mail, phone and "+ New Listing". */
export function UserCard() {
  const { t } = useTranslation('dashboard');
  const user = useUser();
  return (
    <section
      aria-label={t('userCard')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-asphalt text-taxi">
          <UserRound aria-hidden="true" className="size-7" />
        </span>
        {user.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : user.isError ? (
          <p role="alert" className="text-danger-text">
            {errorText(user.error)}
          </p>
        ) : (
          <div className="min-w-0">
            <p className="truncate text-xl font-bold text-asphalt">{user.data.data['full-name']}</p>
            <p className="truncate text-slate-600">{user.data.data.email}</p>
            {user.data.data.phone && <p className="truncate text-slate-600">{nationalUsPhone(user.data.data.phone)}</p>}
          </div>
        )}
      </div>
      <Link to="/create-listing" className={buttonClasses('primary')}>
        <Plus aria-hidden="true" className="size-5" />
        {t('newListing')}
      </Link>
    </section>
  );
}
