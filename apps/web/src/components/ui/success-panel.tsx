import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The "thank you" screen of a checkout: a green check, the title, a line of text and what to do next.
 * It replaces a long form whose Pay button was far down the page, so it brings itself into view and
 * takes the focus on its heading: on a phone the page would otherwise stay scrolled at the footer, and a
 * screen reader would not hear that the payment went through.
 */
export function SuccessPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={panel} className="flex scroll-mt-24 flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-8 text-center sm:p-12">
      <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-extrabold outline-none">
        {title}
      </h2>
      <p className="text-slate-700">{text}</p>
      {children}
    </div>
  );
}
