import type { CardBrand } from '@medallion/contracts/payments';
import { cn } from '@/lib/cn';

const STYLE: Record<CardBrand, { label: string; className: string }> = {
  visa: { label: 'VISA', className: 'bg-[#1A1F71] text-white italic' },
  mastercard: { label: 'mastercard', className: 'bg-[#231F20] text-white' },
  amex: { label: 'AMEX', className: 'bg-[#006FCF] text-white' },
  discover: { label: 'DISCOVER', className: 'bg-white text-[#231F20] ring-1 ring-slate-300' },
  unionpay: { label: 'UnionPay', className: 'bg-[#D10429] text-white' },
};

/** A small brand mark for a saved card (drawn, not an image download). */
export function CardBrandLogo({ brand, className }: { brand: CardBrand; className?: string }) {
  const s = STYLE[brand];
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex h-8 w-12 shrink-0 items-center justify-center rounded-md text-[10px] font-black tracking-wide', s.className, className)}
    >
      {brand === 'mastercard' ? (
        <span className="relative flex">
          <span className="size-4 rounded-full bg-[#EB001B]" />
          <span className="-ml-2 size-4 rounded-full bg-[#F79E1B] opacity-90" />
        </span>
      ) : (
        s.label
      )}
    </span>
  );
}

export function brandName(brand: CardBrand): string {
  return { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unionpay: 'UnionPay' }[brand];
}
