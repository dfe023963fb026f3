import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { nationalUsPhone } from '@medallion/contracts/phone-format';
import { Spinner } from '@/components/ui/spinner';
import { listingCheckoutPath } from '@/lib/checkout-path';
import { useSession } from '@/lib/queries/auth';
import { useUser } from '@/lib/queries/users';
import { CreateListing } from '@/features/create-listing/components/create-listing';
import { LocationCombobox } from '@/features/listings/components/location-combobox';
import { RequireSession } from './require-session';

function CreateListingPage() {
  const { t } = useTranslation('createListing');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const listingId = params.get('id');
  const step = listingId && params.get('step') === '2' ? 2 : 1;
  const markMissing = step === 2 && params.get('complete') === '1';
  const user = session.data?.user;
  // A new listing's contact fields start from the profile (name, e-mail, phone): wait for it.
  const profile = useUser();
  const record = profile.data?.data;
  const account = {
    name: record?.['full-name'] ?? user?.name ?? '',
    email: record?.email ?? user?.email ?? '',
    phone: nationalUsPhone(record?.phone),
  };
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-10">
      <title>{`${t('title')} · Medallion`}</title>
      <h1 className="text-3xl font-extrabold">{listingId ? t('editTitle') : t('title')}</h1>
      {!listingId && profile.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : (
        <CreateListing
          // A new draft (no id yet) and an existing one are different forms.
          key={listingId ?? 'new'}
          listingId={listingId}
          step={step}
          account={account}
          onNavigate={(id, next) => {
            setParams({ id, ...(next === 2 ? { step: '2' } : {}) }, { replace: !listingId });
            window.scrollTo({ top: 0 });
          }}
          onCheckout={(id) => void navigate(listingCheckoutPath(id))}
          onSaved={(id) => void navigate(`/listing/${id}`)}
          markMissing={markMissing}
          renderLocation={(props) => <LocationCombobox {...props} />}
        />
      )}
    </Container>
  );
}

export function CreateListingRoute() {
  return (
    <RequireSession>
      <CreateListingPage />
    </RequireSession>
  );
}
