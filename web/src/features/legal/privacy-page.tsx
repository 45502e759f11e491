import { Link } from 'react-router-dom';
import { CONTACT_PROMISE } from '@mathdaily/domain';
import { TableHead } from '../../components/table-head.tsx';
import { PRIVACY_EMAIL } from '../public-site/site-links.ts';
import { LEGAL_UPDATED, LegalLayout, type LegalSection } from './legal-layout.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    // Written for a 9-year-old: short sentences, everyday words, one idea a line (docs/childrens-code.md).
    id: 'for-children',
    title: 'For children: what we keep, in plain words',
    body: (
      <div className="kids-notice">
        <p>This part is for you if you are a child. Ask a grown-up to read it with you if you like.</p>
        <ul>
          <li>
            <span aria-hidden="true">📝</span> We keep your name, your email address and your grade. We need them so you can sign in and get the right sums.
          </li>
          <li>
            <span aria-hidden="true">✏️</span> We keep your answers. We use them to choose your next problems. That is how MathDaily helps you learn. We do not use
            them for anything else.
          </li>
          <li>
            <span aria-hidden="true">👀</span> Who can see your work: you, a parent you give a code to, a tutor you join, and our small help team. Nobody else.
          </li>
          <li>
            <span aria-hidden="true">🚫</span> We never sell what we know about you. We show no adverts. We do not follow you around the internet.
          </li>
          <li>
            <span aria-hidden="true">⏱️</span> MathDaily is made for about 10 minutes a day. When you have done your practice, it is fine to stop.
          </li>
          <li>
            <span aria-hidden="true">📦</span> You can get a copy of everything we keep about you. Go to <strong>Profile &amp; Settings</strong> and press{' '}
            <strong>Download my data</strong>.
          </li>
          <li>
            <span aria-hidden="true">🗑️</span> You can delete your account there too. Then your name, email and picture are gone for good.
          </li>
          <li>
            <span aria-hidden="true">🙋</span> Worried about something? Tell a grown-up you trust, or write to us at{' '}
            <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
          </li>
        </ul>
      </div>
    ),
  },
  {
    id: 'who-we-are',
    title: 'Who we are and who this is for',
    body: (
      <>
        <p>
          MathDaily is a maths practice service for school students aged about 6 to 18 (grades 1-12), their parents and guardians, and the
          tutors and teachers who help them. This policy explains, in plain language, what information we keep, why, for how long, who can
          see it and how to have it deleted.
        </p>
        <p>
          If you are under 13, a parent or guardian must give permission before you use MathDaily, and they can use every right described
          here on your behalf. If anything is unclear, ask a grown-up to read it with you, or write to us at{' '}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <>
        <div className="legal-table-wrap">
          <table className="legal-table">
            <caption className="visually-hidden">Information MathDaily keeps and why</caption>
            <TableHead columns={['Information', 'Why we keep it']} />
            <tbody>
              <tr>
                <td>Account: first and last name, email address, grade level, role (student, tutor, admin), time zone, chosen avatar</td>
                <td>To sign you in, show the right problems for your grade and let you know about your account.</td>
              </tr>
              <tr>
                <td>Your password, stored only as a one-way scrambled value (an argon2id hash)</td>
                <td>To check it is you when you sign in. Nobody at MathDaily can read your password.</td>
              </tr>
              <tr>
                <td>Practice: your answers, whether they were right, how long they took, hints opened and difficulty ratings</td>
                <td>To choose your next problems, schedule reviews and show your progress, streaks and achievements.</td>
              </tr>
              <tr>
                <td>Sign-in records: when you signed in and failed sign-in attempts</td>
                <td>To keep accounts safe, for example by slowing down someone guessing passwords. Counters of failed attempts last 15 minutes.</td>
              </tr>
              <tr>
                <td>Links between a parent or guardian and a child, and the weekly summary e-mail setting</td>
                <td>So a parent you chose can follow your practice (read-only), and so they can stop the weekly e-mail in one click.</td>
              </tr>
              <tr>
                <td>Tutor links and referral codes</td>
                <td>So a tutor or teacher you are linked with can follow your progress.</td>
              </tr>
              <tr>
                <td>Messages you send us through the contact or help forms</td>
                <td>To answer you.</td>
              </tr>
              <tr>
                <td>Error reports: the error message, the page address (without anything after a “?”), browser name and time</td>
                <td>To find and fix things that break. They contain no answers or passwords.</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          We do not ask for home addresses, phone numbers, photos of students or school records. Students choose an avatar from our own
          pictures; only tutors and admins can upload a picture of their own.
        </p>
      </>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who can see it',
    body: (
      <>
        <ul>
          <li>
            <strong>You</strong> see everything about your own account and practice.
          </li>
          <li>
            <strong>A parent or guardian you link</strong> (you make a one-time code on your profile and give it to them) sees how
            much you practised this week, your topics, achievements and the work your tutor set, but cannot change anything. You
            can see who is linked and remove them at any time. A parent or guardian can also ask us for a copy of everything we keep
            about you.
          </li>
          <li>
            <strong>Tutors and teachers</strong> see your name, email address, grade and progress only while you are one of their{' '}
            <em>active</em> students. When the link is deactivated they no longer see your progress. They never see your password.
          </li>
          <li>
            <strong>MathDaily admins</strong> (a small team of our staff) can see accounts to give support, keep the service safe and fix
            problems. Every change they make is recorded.
          </li>
        </ul>
        <p>
          We never sell your information, never show adverts and never share your information with advertisers or data brokers. We use no
          third-party advertising or analytics trackers. We would only hand information to the police or a court if the law required it.
        </p>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account and practice history: for as long as the account is open, so your reviews and progress keep working.</li>
        <li>
          When an account is deleted (from Profile &amp; Settings, by a linked parent, or by us after a written request) its name, email
          address, pictures and messages are destroyed at once: we keep them locked with a key of that person only, and the key is
          destroyed. What is left are anonymous numbers (such as how many problems were answered) that cannot be traced back to anyone.
          Backups that still hold the key are overwritten within 30 days.
        </li>
        <li>
          The internet address a sign-in comes from: a day at most in MathDaily itself (to stop people guessing passwords), and at most 90
          days in our servers’ logs.
        </li>
        <li>Messages to our team: 2 years, then deleted.</li>
        <li>Error reports: 12 months, then deleted.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and your parents’ rights',
    body: (
      <>
        <p>You, or your parent or guardian if you are under 13, can ask us at any time to:</p>
        <ul>
          <li>see a copy of the information we keep (Profile &amp; Settings → Download my data gives it at once, as one ZIP file);</li>
          <li>correct anything that is wrong (you can also change your name and grade yourself under Profile &amp; Settings);</li>
          <li>delete the account and the information linked to it (Profile &amp; Settings → Delete my account);</li>
          <li>stop a tutor or teacher from seeing progress;</li>
          <li>withdraw permission that a parent or guardian gave.</li>
        </ul>
        <p>
          Write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> from the email address on the account, or use the contact form.
          We answer within one month, and we may ask a few questions to make sure the request really comes from you or your parent. If you
          are not happy with our answer you can complain to your data protection authority (in the UK, the Information Commissioner’s
          Office).
        </p>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We don’t use advertising or tracking cookies. To keep you signed in, your browser keeps two sign-in tokens in its local storage:
          a short-lived access token (it expires after 15 minutes) and a refresh token that is replaced every time it is used. They are
          removed when you sign out.
        </p>
        <p>On a shared or school computer, always sign out when you finish.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we keep it safe',
    body: (
      <ul>
        <li>Passwords are stored only as argon2id hashes and sign-in attempts are rate-limited.</li>
        <li>Information travels over encrypted connections (HTTPS).</li>
        <li>Staff see personal information only when they need it to help you, and admin actions are recorded.</li>
        <li>If something ever went wrong with your information, we would tell you and, where required, the authorities.</li>
      </ul>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <>
        <p>
          If we change this policy in a way that matters, we will say so in the app before the change applies, and for students under 13
          we will ask a parent or guardian again where the law requires it.
        </p>
        <p>
          Questions? Email <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. We reply within {CONTACT_PROMISE.replyWithinHours}{' '}
          hours, {CONTACT_PROMISE.hours}. See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      </>
    ),
  },
];

/** Privacy Policy: open to everyone; linked from registration (opens in a new tab). */
export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      sections={SECTIONS}
      summary={
        <ul>
          <li>We keep what we need to run your maths practice: your account, your answers and your progress.</li>
          <li>You, your parent or guardian, your active tutor and our support team can see it. Nobody else.</li>
          <li>No adverts, no selling data, no tracking cookies.</li>
          <li>Download everything we keep, or delete your account, from Profile &amp; Settings at any time.</li>
        </ul>
      }
    />
  );
}
