import { useId } from 'react';
import { api } from '../../api/client.ts';
import { CodeField, useCodeForm } from '../../components/code-field.tsx';

/**
 * The profile's 'Join a class or tutor' box (students): a tutor's referral code (the tutor then
 * sees the student as pending until they activate them) or a class's join code (in the class, and
 * active with its tutor, at once).
 */
export function JoinTutorSection({ notify }: { notify(kind: 'success' | 'error', text: string): void }) {
  const id = useId();
  const form = useCodeForm('Please enter the code your teacher or tutor gave you.', async (entered) => {
    const { message } = await api.post<{ message: string }>('/api/tutors/referral-codes/redeem', { code: entered });
    notify('success', message);
  });

  return (
    <section className="card profile-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Join a class or tutor</h2>
      <p className="muted">Got a class join code or a referral code from a teacher or tutor? Enter it so they can follow your practice and give you work.</p>
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <CodeField baseId={id} label="Class or referral code" form={form} />
        <button type="submit" className="button primary" disabled={form.busy}>
          {form.busy ? 'Joining...' : 'Join'}
        </button>
      </form>
    </section>
  );
}
