import { Link } from 'react-router-dom';
import {
  FAMILY_SHARING_MAX_STUDENTS,
  FREE_SCHOOL_MEALS_DISCOUNT_PERCENT,
  TRIAL,
  TUTOR_REWARD_PENCE,
  formatPounds,
} from '@mathdaily/domain';
import { SUPPORT_EMAIL } from '../public-site/site-links.ts';
import { LEGAL_UPDATED, LegalLayout, type LegalSection } from './legal-layout.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        These terms are the rules for using MathDaily, a daily maths practice service for students in grades 1-12, their families, and
        tutors and teachers. By creating an account you agree to them. We have written them to be read, not skimmed: if something is
        unclear, ask us.
      </p>
    ),
  },
  {
    id: 'who-can-use',
    title: 'Who can use MathDaily',
    body: (
      <ul>
        <li>Students aged about 6 to 18. If you are under 13, a parent or guardian must agree to these terms for you.</li>
        <li>Parents and guardians, for their own children.</li>
        <li>Tutors and teachers, to help the students who link with them.</li>
      </ul>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give your real first name and a working email address, so we can help you if you get locked out.</li>
        <li>Keep your password secret. Don’t share your account: each student needs their own so their practice fits them.</li>
        <li>Sign out on shared or school computers.</li>
        <li>Tell us straight away if you think someone else has used your account.</li>
      </ul>
    ),
  },
  {
    id: 'trial-and-plans',
    title: 'Free trial, plans and payment',
    body: (
      <>
        <p>
          Every plan starts with a {TRIAL.days}-day free trial. We don’t ask for a credit card to start it, so nothing is charged unless you
          choose a plan when the trial ends. Current plans and prices are on our <Link to="/pricing">Pricing page</Link>.
        </p>
        <ul>
          <li>Full Access can be shared by up to {FAMILY_SHARING_MAX_STUDENTS} students in one family.</li>
          <li>On Single Subject you can change your subject once per month.</li>
          <li>Students on Free School Meals get {FREE_SCHOOL_MEALS_DISCOUNT_PERCENT}% off; contact us to apply it.</li>
          <li>Tools for tutors and teachers are free and need no subscription.</li>
        </ul>
        <p>If we ever change a price, we will tell you before it applies to you.</p>
      </>
    ),
  },
  {
    id: 'fair-use',
    title: 'Using MathDaily fairly',
    body: (
      <>
        <p>Please be kind and honest. You must not:</p>
        <ul>
          <li>use someone else’s account, or let someone else do your practice for you;</li>
          <li>try to break, overload or get around the security of MathDaily;</li>
          <li>copy our problems and explanations in bulk to publish or sell them;</li>
          <li>upload pictures or write messages that are rude, hurtful or not suitable for children.</li>
        </ul>
        <p>If someone breaks these rules we may pause or close their account. We will tell them why unless the law stops us.</p>
      </>
    ),
  },
  {
    id: 'tutors',
    title: 'Extra rules for tutors and teachers',
    body: (
      <ul>
        <li>Use what you see about students only to help them learn, and never share it with anyone who has no reason to see it.</li>
        <li>Only link with students you really teach. Deactivate the link when you stop working with a student.</li>
        <li>
          You earn {formatPounds(TUTOR_REWARD_PENCE)} for each student who subscribes with your referral code. Rewards for codes used to
          create fake or duplicate accounts are cancelled.
        </li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Our content and yours',
    body: (
      <p>
        The problems, hints, explanations and design of MathDaily belong to us. Your answers and messages belong to you; you let us store
        and use them to run the service for you, as our <Link to="/privacy">Privacy Policy</Link> explains. If you spot a mistake in a
        problem, please tell us: we fix them quickly.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and responsibility',
    body: (
      <>
        <p>
          We work hard to keep MathDaily running and correct, but we can’t promise it will never be interrupted or contain a mistake.
          MathDaily helps with practice; it does not replace a teacher.
        </p>
        <p>
          Nothing in these terms takes away rights you have by law as a consumer. We are responsible for losses caused by our own
          carelessness that were foreseeable, and not for losses we could not reasonably have expected.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Closing your account',
    body: (
      <p>
        You can stop using MathDaily and ask us to close your account at any time by writing to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We then delete your personal information as described in the Privacy
        Policy.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes, law and contact',
    body: (
      <>
        <p>
          If we change these terms in a way that matters, we will tell you in the app before the change applies. These terms are governed
          by the law of England and Wales, but if you live elsewhere you keep the protections of your local law.
        </p>
        <p>
          Questions? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our contact form.
        </p>
      </>
    ),
  },
];

/** Terms of Service: open to everyone; linked from registration (opens in a new tab). */
export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      sections={SECTIONS}
      summary={
        <ul>
          <li>Students under 13 need a parent or guardian to agree to these terms.</li>
          <li>
            The free trial lasts {TRIAL.days} days and needs no credit card.
          </li>
          <li>One account per person; keep your password secret.</li>
          <li>Be kind, play fair, and tell us if something looks wrong.</li>
        </ul>
      }
    />
  );
}
