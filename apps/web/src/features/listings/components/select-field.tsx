import { ChevronDown } from 'lucide-react';
import { useId, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
}

/** A labelled native select (long make lists scroll natively on phones). */
export function SelectField({ label, hint, id, className, ...props }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={fieldId}
          aria-describedby={hint ? `${fieldId}-hint` : undefined}
          className={cn(
            'block w-full appearance-none truncate rounded-lg border border-slate-300 bg-white py-2.5 pl-3 pr-9 text-base text-slate-900',
            'focus:border-info focus:outline-none focus:ring-2 focus:ring-info/30 disabled:bg-slate-100 disabled:text-slate-500',
            className,
          )}
          {...props}
        />
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
      </div>
      {hint && (
        <p id={`${fieldId}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
