import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Content width ≤ 1200 px with 16 px gutters on phones. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mx-auto w-full max-w-[1200px] px-4 sm:px-6', className)} {...props} />;
}
