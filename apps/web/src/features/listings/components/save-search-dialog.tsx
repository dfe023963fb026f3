import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { createSavedSearchRequestSchema } from '@medallion/contracts/saved';
import { DialogCard, DialogDescription, DialogHeader, Dialog } from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useCreateSavedSearch } from '../api/saved-searches';
import { summarizeSearch } from '../lib/search-summary';

/** The dialog's field: the request's name, required here (the form always sends one). */
const saveSearchFormSchema = z.object({ name: createSavedSearchRequestSchema.shape.name.unwrap() });
type SaveSearchForm = z.input<typeof saveSearchFormSchema>;

/** The "Save this search" popup: a name (a summary of the filters to start with), then Save. */
export function SaveSearchDialog({ filters: given, onClose }: { filters: Readonly<Record<string, string | undefined>>; onClose: () => void }) {
  const filters = Object.fromEntries(Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const { t, i18n } = useTranslation('listings');
  const create = useCreateSavedSearch();
  const form = useForm<SaveSearchForm>({
    resolver: zodResolver(saveSearchFormSchema),
    defaultValues: { name: summarizeSearch(filters, t, i18n.language) },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ name }) => {
    create.mutate(
      { name, filters },
      {
        onSuccess: () => {
          toast.success(t('saved.searchSaved'));
          onClose();
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error, ['name'])) form.setError('root.server', { message: errorText(error) });
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogCard>
        <DialogHeader className="mb-2" title={t('saved.dialogTitle')} closeLabel={t('saved.close')} />
        <DialogDescription className="mb-4 text-slate-700">{t('saved.dialogDescription')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TextField label={t('saved.nameLabel')} maxLength={80} autoComplete="off" error={keyText(errors.name?.message)} {...form.register('name')} />
          {errors.root?.server && (
            <p role="alert" className="text-sm font-medium text-danger-text">
              {errors.root.server.message}
            </p>
          )}
          <p className="text-sm text-slate-600">
            <Link to="/dashboard?tab=favorites" className="font-semibold text-info hover:underline">
              {t('saved.manage')}
            </Link>
          </p>
          <DialogFormActions cancelLabel={t('saved.cancel')} submitLabel={t('saved.submit')} pending={create.isPending} pendingLabel={t('saved.saving')} />
        </form>
      </DialogCard>
    </Dialog>
  );
}
