import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** The "thank you" screen of a checkout: a green check, the title, a line of text and what to do next. */
export function SuccessPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-8 text-center sm:p-12">
      <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
      <h2 className="text-2xl font-extrabold">{title}</h2>
      <p className="text-slate-700">{text}</p>
      {children}
    </div>
  );
}
