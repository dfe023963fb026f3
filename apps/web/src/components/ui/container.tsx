import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  /** narrow: ≤ 900 px for long reading (terms, mailbox); default: ≤ 1200 px. */
  width?: 'default' | 'narrow';
}

/** Page content width with 16 px gutters on phones. */
export function Container({ className, width = 'default', ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-4 sm:px-6', width === 'narrow' ? 'max-w-[900px]' : 'max-w-[1200px]', className)} {...props} />;
}
