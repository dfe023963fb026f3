import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
