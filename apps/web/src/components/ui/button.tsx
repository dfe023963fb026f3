import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  primary: 'bg-taxi text-asphalt hover:bg-taxi-dark shadow-sm',
  dark: 'bg-asphalt text-white hover:bg-asphalt-soft',
  outline: 'border border-slate-300 bg-white text-asphalt hover:bg-slate-50',
  ghost: 'text-asphalt hover:bg-slate-100',
  /** The confirming button of something that cannot be undone (deleting). */
  danger: 'bg-danger-text text-white hover:bg-danger-text/90',
  /** Outline on dark backgrounds (header, hero). */
  outlineLight: 'border border-white/50 bg-transparent text-white hover:bg-white/10',
} as const;

const SIZES = {
  md: 'min-h-11 px-5 text-base',
  sm: 'min-h-9 px-3 text-sm',
  lg: 'min-h-12 px-6 text-lg',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  ref?: Ref<HTMLButtonElement>;
}

/** The button styles, for elements that look like a button but are not one (a router Link). */
export function buttonClasses(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
  );
}

export function Button({ variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={cn(buttonClasses(variant, size), className)} {...props} />;
}
