import { Truck } from 'lucide-react';
import type { AdminOrder } from '@medallion/contracts/admin-shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogCancel, AlertDialogCard, AlertDialogDescription, AlertDialogHeader, AlertDialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useShipOrder } from '../api/ship-order';
import { PostalAddress } from '@/components/ui/postal-address';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/error-text';

/** "Mark shipped" with a confirmation: the customer is e-mailed that the order is on its way (once). */
export function ShipOrderDialog({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminShop');
  const [open, setOpen] = useState(false);
  const ship = useShipOrder();
  const a = order.delivery_address;

  // The order may leave the list (and this dialog unmount) when the list refreshes: a promise, not
  // per-call callbacks, which would not run then.
  const confirm = () =>
    ship.mutateAsync(order.order_id).then(
      ({ data }) => {
        setOpen(false);
        if (data.emailed) toast.success(t('orders.shipped', { email: data.customer.email }));
        else toast.info(t('orders.alreadyShipped'));
      },
      (error: Error) => {
        setOpen(false);
        toast.error(errorText(error));
      },
    );

  return (
    <AlertDialog open={open} onOpenChange={(next) => !ship.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="dark">
          <Truck aria-hidden="true" className="size-5" />
          {t('orders.markShipped')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogCard>
        <AlertDialogHeader title={t('orders.confirmTitle')} />
        <AlertDialogDescription className="mt-2 text-slate-700">
          {t('orders.confirmText', { name: order.customer.name, email: order.customer.email })}
        </AlertDialogDescription>
        <PostalAddress value={a} className="mt-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-800" />
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={ship.isPending}>
              {t('orders.cancel')}
            </Button>
          </AlertDialogCancel>
          {/* Not AlertDialog.Action: the dialog stays open (with a spinner) until the server answers. */}
          <Button variant="dark" disabled={ship.isPending} onClick={() => void confirm()}>
            {ship.isPending && <Spinner label={t('orders.shipping')} />}
            {t('orders.confirm')}
          </Button>
        </div>
      </AlertDialogCard>
    </AlertDialog>
  );
}
