import { useState } from 'react';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TwoFactorStep } from './two-factor-step';

/** The cards of /login: sign in, sign up, forgotten password, the sign-up code and the two-step sign-in code. */
export type LoginMode = 'login' | 'sign_up' | 'forgot_password' | 'confirm_sign_up' | 'two_factor';

/** The /login screen: one card at a time, the e-mail carried between modes. */
export function LoginPanel({ initialMode = 'login', onSignedIn }: { initialMode?: LoginMode; onSignedIn: () => void }) {
  const [state, setState] = useState<{ mode: LoginMode; email: string }>({ mode: initialMode, email: '' });
  const onMode = (mode: LoginMode, email: string) => setState({ mode, email });
  switch (state.mode) {
    case 'sign_up':
      return <SignUpForm key="sign_up" email={state.email} onMode={onMode} />;
    case 'confirm_sign_up':
      return <ConfirmSignUpForm key={`confirm-${state.email}`} email={state.email} onMode={onMode} onSignedIn={onSignedIn} />;
    case 'forgot_password':
      return <ForgotPasswordForm key="forgot" email={state.email} onMode={onMode} onSignedIn={onSignedIn} />;
    case 'two_factor':
      return <TwoFactorStep key="two_factor" email={state.email} onMode={onMode} onSignedIn={onSignedIn} />;
    default:
      return <SignInForm key="login" email={state.email} onMode={onMode} onSignedIn={onSignedIn} />;
  }
}
