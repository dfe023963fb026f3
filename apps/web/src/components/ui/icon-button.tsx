import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  neutral: 'text-asphalt hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent',
  danger: 'text-danger-text hover:bg-danger/10',
} as const;

const SIZES = {
  sm: 'size-9',
  md: 'size-11',
} as const;

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** What the button does, for screen readers (the icon inside is aria-hidden). */
  label: string;
  tone?: keyof typeof TONES;
  size?: keyof typeof SIZES;
}

/** A square button with only an icon in it: its name is `label`, `title` can add a short visible tooltip. */
export function IconButton({ label, tone = 'neutral', size = 'md', className, type, ...props }: IconButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      className={cn('inline-flex items-center justify-center rounded-lg', SIZES[size], TONES[tone], className)}
      {...props}
    />
  );
}
