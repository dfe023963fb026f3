import { PasskeysSection } from './passkeys-section';
import { SignedInBrowsers } from './signed-in-browsers';
import { TwoFactorSection } from './two-factor-section';

/** The dashboard's Security tab: two-step sign-in, passkeys and the signed-in browsers. */
export function SecurityTab() {
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorSection />
      <PasskeysSection />
      <SignedInBrowsers />
    </div>
  );
}
