import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { RequireSession } from './require-session';

interface AdminPageProps {
  /** The page's heading, also its document title. */
  title: string;
  /** The text of the link back to the staff console; the console itself has none. */
  back?: string;
  /** Shown beside the heading (the console's links to its pages). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every staff page: staff only, its title, the way back to the console, its heading. */
export function AdminPage({ title, back, actions, children }: AdminPageProps) {
  const heading = <h1 className="text-3xl font-extrabold">{title}</h1>;
  return (
    <RequireSession staff>
      <Container className="flex flex-col gap-6 py-10">
        <title>{`${title} · Medallion`}</title>
        {back !== undefined && (
          <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-info underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {back}
          </Link>
        )}
        {actions ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {heading}
            {actions}
          </div>
        ) : (
          heading
        )}
        {children}
      </Container>
    </RequireSession>
  );
}
