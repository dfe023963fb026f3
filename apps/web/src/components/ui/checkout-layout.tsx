import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Card } from './card';
import { Spinner } from './spinner';

/** One line of a checkout's summary: a label and an amount. */
export interface SummaryLine {
  label: ReactNode;
  amount: ReactNode;
  /** Classes of the line, e.g. a discount in green. */
  className?: string;
  testId?: string;
}

interface Props {
  /** What is bought and how it is paid: cards stacked on the left (on top on phones). */
  children: ReactNode;
  summaryTitle: string;
  /** The summary's lines above the total. */
  lines: SummaryLine[];
  total: SummaryLine;
  /** Between the title and the lines (e.g. a promo code). */
  beforeLines?: ReactNode;
  /** Under the total: notes, the list of what is missing, then the pay button. */
  afterLines: ReactNode;
}

/**
 * The checkouts' shared frame ("Review & Checkout" of the cart, the exam and a listing's fee): the
 * order on the left and the summary with the pay button on the right, which stays in view while the
 * left side scrolls on a laptop.
 */
export function CheckoutLayout({ children, summaryTitle, lines, total, beforeLines, afterLines }: Props) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col gap-6">{children}</div>
      <Card as="section" aria-labelledby="summary-title" className="flex flex-col gap-4 p-5 sm:p-6 lg:sticky lg:top-24">
        <h2 id="summary-title" className="text-xl font-bold">
          {summaryTitle}
        </h2>
        {beforeLines}
        <dl className="flex flex-col gap-2">
          {lines.map((line, i) => (
            <div key={i} className={cn('flex justify-between gap-3', line.className)}>
              <dt className={line.className ? undefined : 'text-slate-600'}>{line.label}</dt>
              <dd data-testid={line.testId}>{line.amount}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-lg font-bold">
            <dt>{total.label}</dt>
            <dd data-testid={total.testId}>{total.amount}</dd>
          </div>
        </dl>
        {afterLines}
      </Card>
    </div>
  );
}

/** The checkout's errors: what is missing, or why the payment was refused. */
export function CheckoutAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-medium text-danger-text" data-testid={testId}>
      {children}
    </div>
  );
}

/** The pay button: a lock, or a spinner while the payment is under way. */
export function PayButton({
  pending,
  label,
  pendingLabel,
  disabled,
  onClick,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="lg" onClick={onClick} disabled={pending || disabled} className="w-full">
      {pending ? <Spinner label={pendingLabel} /> : <Lock aria-hidden="true" className="size-5" />}
      {pending ? pendingLabel : label}
    </Button>
  );
}
