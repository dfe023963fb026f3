import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  /** The visitor closed it: Escape, or a click on the backdrop. */
  onDismiss: () => void;
  /** The ids of its title and description. */
  labelledBy: string;
  describedBy?: string;
  /** Classes of the panel inside (padding and layout); the popup is at most 32rem wide. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal popup on the browser's own <dialog> (showModal): the page behind is inert, Escape closes,
 * focus goes to its first control and back when it closes. For a popup that a page shows on its first
 * view (the exam's "Before you start"), where radix's Dialog would add 13 KiB to the page's first load
 * (decision 0004); popups opened by the visitor use radix's Dialog and load it when opened.
 */
export function NativeDialog({ open, onDismiss, labelledBy, describedBy, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('button:not(:disabled), [href], input:not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // The browser closes it on Escape (its own close request); a click outside the panel lands on the
      // dialog element itself (the backdrop). Either way the owner hears of it.
      onClose={() => {
        if (open) onDismiss();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-asphalt/60"
    >
      {/* The panel fills the dialog, so only a click beside it reaches the dialog element. */}
      <div className={className}>{children}</div>
    </dialog>
  );
}
