import { DialogClose } from './dialog';
import { Button } from './button';
import { Spinner } from './spinner';

/** The footer of a form in a dialog: Cancel closes the dialog; the submit button shows a spinner while the form is sent. */
export function DialogFormActions({
  cancelLabel,
  submitLabel,
  pending,
  pendingLabel,
}: {
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  /** Read by screen readers while the form is being sent. */
  pendingLabel: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel}</Button>
      </DialogClose>
      <Button type="submit" variant="dark" disabled={pending}>
        {pending && <Spinner label={pendingLabel} />}
        {submitLabel}
      </Button>
    </div>
  );
}
