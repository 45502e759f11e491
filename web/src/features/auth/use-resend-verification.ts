import { useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { announce } from '../../components/announcer.tsx';

export type ResendState = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string };

/** Asks for a new verification email for the signed-in user, announcing how it went. */
export function useResendVerification() {
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  const onResend = async () => {
    setResend({ kind: 'sending' });
    try {
      await api.post('/api/auth/resend-verification');
      setResend({ kind: 'sent' });
      announce('A new verification email is on its way.');
    } catch (error) {
      const message = errorMessage(error);
      setResend({ kind: 'error', message });
      announce(`Could not send a new link: ${message}`, 'assertive');
    }
  };
  return { resend, onResend };
}
