import { Suspense, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyNamed } from '@/components/ui/lazy';
import { isServer, setRequestScopeResolver, type RequestScope } from '@/lib/request-scope';

/**
 * Issue #31: the server notes the lazy parts it renders into a page, by name and module, for the browser
 * to load before it hydrates (lazy-hydration.test.tsx shows why), and only those it renders.
 */

function RequestForm({ listingId }: { listingId: string }) {
  return <input aria-label="TLC license number" name={`license-${listingId}`} />;
}
function MessageForm() {
  return <textarea aria-label="Your message" />;
}

const Request = lazyNamed(async () => ({ RequestForm }), 'RequestForm', 'src/features/rentals/components/rent-request-form.tsx');
const Message = lazyNamed(async () => ({ MessageForm }), 'MessageForm');

async function renderNoting(element: React.ReactNode): Promise<{ html: string; parts: Map<string, string | undefined> }> {
  const lazyParts = new Map<string, string | undefined>();
  setRequestScopeResolver(() => ({ lazyParts }) as unknown as RequestScope);
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, parts: lazyParts };
}

function Page({ signedIn, Form }: { signedIn: boolean; Form: ComponentType<{ listingId: string }> }) {
  return <Suspense fallback={<p>loading</p>}>{signedIn ? <Form listingId="car-1" /> : <a href="/login">Sign in</a>}</Suspense>;
}

afterEach(() => setRequestScopeResolver(() => undefined));

describe('the lazy parts a server render notes', () => {
  it('runs as the server does', () => {
    expect(isServer).toBe(true);
  });

  it('are the parts it rendered, with their modules, once each', async () => {
    const { html, parts } = await renderNoting(
      <>
        <Page signedIn Form={Request} />
        <Page signedIn Form={Request} />
        <Suspense fallback={null}>
          <Message />
        </Suspense>
      </>,
    );
    expect(html).toContain('TLC license number');
    expect(html).toContain('Your message');
    expect([...parts]).toEqual([
      ['RequestForm', 'src/features/rentals/components/rent-request-form.tsx'],
      ['MessageForm', undefined],
    ]);
  });

  it('are none on a page that renders none (a guest)', async () => {
    const { html, parts } = await renderNoting(<Page signedIn={false} Form={Request} />);
    expect(html).toContain('Sign in');
    expect(parts.size).toBe(0);
  });
});
