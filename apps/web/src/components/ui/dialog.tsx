import { X } from 'lucide-react';
import { AlertDialog as AlertPrimitive, Dialog as Primitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The popups a visitor opens (radix's Dialog): the page behind is dimmed and inert, Escape and a click
 * outside close, focus is trapped and goes back to the trigger. Import this module only from a part that
 * is loaded with the interaction (decision 0004): radix adds 13 KiB to a page's first load.
 */
export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;
export const DialogTitle = Primitive.Title;
export const DialogDescription = Primitive.Description;

/** A confirmation that neither Escape nor a click outside dismisses by accident (role alertdialog). */
export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;
export const AlertDialogCancel = AlertPrimitive.Cancel;
export const AlertDialogDescription = AlertPrimitive.Description;

const OVERLAY = {
  /** The page shows through, dimmed: a form or a message. */
  dim: 'fixed inset-0 z-50 bg-asphalt/60',
  /** Almost hidden: a photo on its own. */
  dark: 'fixed inset-0 z-50 bg-asphalt/90',
  /** Hidden: the full-screen photo viewer. */
  black: 'fixed inset-0 z-50 bg-black',
} as const;

const WIDTH = { md: 'max-w-md', lg: 'max-w-lg', '5xl': 'max-w-5xl' } as const;

/** A white card in the middle of the screen, scrolling inside when it is taller than the screen. */
function cardClasses(width: keyof typeof WIDTH, className?: string) {
  return cn(
    'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-xl',
    WIDTH[width],
    className ?? 'p-6',
  );
}

type ContentProps = ComponentProps<typeof Primitive.Content> & {
  overlay?: keyof typeof OVERLAY;
};

/** The popup's frame: a portal, the overlay and the content; `className` places and draws the content. */
export function DialogContent({ overlay = 'dim', children, ...props }: ContentProps) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className={OVERLAY[overlay]} />
      <Primitive.Content {...props}>{children}</Primitive.Content>
    </Primitive.Portal>
  );
}

type CardProps = Omit<ContentProps, 'overlay'> & {
  width?: keyof typeof WIDTH;
  /** Padding and inner layout of the card; p-6 when not given. */
  className?: string;
};

/** A popup drawn as a centered card: a form, a confirmation, a result. */
export function DialogCard({ width = 'md', className, ...props }: CardProps) {
  return <DialogContent {...props} className={cardClasses(width, className)} />;
}

const TITLE = 'text-xl font-bold text-asphalt';

/** The card's first row: its title, and on the right a close button (X) when `closeLabel` is given. */
export function DialogHeader({ title, closeLabel, className }: { title: ReactNode; closeLabel?: string; className?: string }) {
  if (!closeLabel) return <Primitive.Title className={cn(TITLE, className)}>{title}</Primitive.Title>;
  return (
    <div className={cn('flex items-start justify-between gap-3', className)}>
      <Primitive.Title className={TITLE}>{title}</Primitive.Title>
      <Primitive.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label={closeLabel}>
        <X aria-hidden="true" className="size-5" />
      </Primitive.Close>
    </div>
  );
}

/** The AlertDialog's title, drawn like DialogHeader's. */
export function AlertDialogHeader({ title }: { title: ReactNode }) {
  return <AlertPrimitive.Title className={TITLE}>{title}</AlertPrimitive.Title>;
}

/** The AlertDialog's card: drawn like DialogCard. */
export function AlertDialogCard({
  width = 'md',
  className,
  children,
  ...props
}: ComponentProps<typeof AlertPrimitive.Content> & { width?: keyof typeof WIDTH }) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={OVERLAY.dim} />
      <AlertPrimitive.Content {...props} className={cardClasses(width, className)}>
        {children}
      </AlertPrimitive.Content>
    </AlertPrimitive.Portal>
  );
}
