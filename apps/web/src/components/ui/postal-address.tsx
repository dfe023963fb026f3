import { cn } from '@/lib/cn';

export interface PostalAddressValue {
  full_name: string;
  address_one: string;
  address_two?: string | null;
  address_city: string;
  address_state: string;
  address_zip: string;
}

/** A US postal address as it is written on an envelope: name, street lines, "City, ST 12345". */
export function PostalAddress({ value, className }: { value: PostalAddressValue; className?: string }) {
  return (
    <address className={cn('not-italic', className)}>
      {value.full_name}
      <br />
      {value.address_one}
      {value.address_two && (
        <>
          <br />
          {value.address_two}
        </>
      )}
      <br />
      {`${value.address_city}, ${value.address_state} ${value.address_zip}`}
    </address>
  );
}
