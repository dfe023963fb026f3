import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The brand's card: white on the paper background, a light border, large rounded corners. */
export const CARD = 'rounded-2xl border border-slate-200 bg-white';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: a section when the card has its own heading (aria-labelledby). */
  as?: 'div' | 'section' | 'article' | 'aside' | 'li';
}

/** A card; `className` adds its padding and inner layout. */
export function Card({ as: Tag = 'div', className, ...props }: CardProps) {
  return <Tag className={cn(CARD, className)} {...props} />;
}

/** A short message in a card with the way on: an empty cart, a listing that cannot be paid for, … */
export function NoticeCard({ children, role }: { children: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <Card role={role} className="flex flex-col items-start gap-3 p-6">
      {children}
    </Card>
  );
}

/** An empty list: a dashed card with a large icon, the text and, when given, the way on. */
export function EmptyState({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
      <Icon aria-hidden="true" className="size-10" />
      {children}
    </div>
  );
}
