import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';

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
 *
 * A popup open from the start is in the server's HTML already open (the `open` attribute, drawn like the
 * modal one: fixed, centered, the page dimmed behind), so it is on screen with the page's first paint;
 * once the app has started it is reopened as a modal (top layer, inert page) in the same place. Its
 * closing button may sit in a `<form method="dialog">`, which the browser closes the popup with even
 * before the app has started.
 */
export function NativeDialog({ open, onDismiss, labelledBy, describedBy, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // The same on the server and in the first render in the browser, so hydration matches.
  const [openOnArrival] = useState(open);
  const arrived = useRef(true);
  const dismiss = useEffectEvent(onDismiss);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (arrived.current) {
      arrived.current = false;
      // Closed before the app started (a `<form method="dialog">` button works without it): the
      // visitor's choice stands.
      if (openOnArrival && open && !dialog.open) {
        dismiss();
        return;
      }
    }
    if (open && !dialog.matches(':modal')) {
      if (dialog.open) dialog.close(); // drawn open by the server: reopen it as a modal
      dialog.showModal();
      dialog.querySelector<HTMLElement>('button:not(:disabled), [href], input:not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, openOnArrival]);
  return (
    <dialog
      ref={ref}
      open={openOnArrival}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // The browser closes it on Escape (its own close request); a click outside the panel lands on the
      // dialog element itself (the backdrop). Either way the owner hears of it.
      // (Reopening the server's dialog as a modal also sends a close event, heard while it is open.)
      onClose={(event) => {
        if (open && !event.currentTarget.open) onDismiss();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-asphalt/60 [&:not(:modal)]:fixed [&:not(:modal)]:inset-y-0 [&:not(:modal)]:z-50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(22_24_29/0.6)]"
    >
      {/* The panel fills the dialog, so only a click beside it reaches the dialog element. */}
      <div className={className}>{children}</div>
    </dialog>
  );
}
