import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ADD_ONS,
  ADD_ON_STATUS_LABELS,
  CONTACT_PROMISE,
  FAMILY_SHARING_MAX_STUDENTS,
  FREE_SCHOOL_MEALS_DISCOUNT_PERCENT,
  PAYMENT_METHODS,
  PLANS,
  TRIAL,
  TUTOR_FREE_TOOLS,
  TUTOR_REWARD_PENCE,
  formatPounds,
  maxYearlySavingsPercent,
  type BillingPeriod,
} from '@mathdaily/domain';
import { announce } from '../../components/announcer.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { CheckList } from '../public-site/check-list.tsx';
import { FaqList, type FaqEntry } from '../public-site/faq-list.tsx';
import { Icon } from '../public-site/icons.tsx';
import { PlanCard } from '../public-site/plan-card.tsx';
import { PublicLayout } from '../public-site/public-layout.tsx';
import { CtaBand, PublicSection } from '../public-site/public-section.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import './pricing.css';

const listOf = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const FAQ: readonly FaqEntry[] = [
  {
    id: 'trial',
    question: 'How does the free trial work?',
    answer: (
      <p>
        Every plan starts with a {TRIAL.days}-day free trial with full access to that plan. No credit card is needed to start, so nothing is
        charged unless you choose a plan when the trial ends.
      </p>
    ),
  },
  {
    id: 'payments',
    question: 'What payment methods do you accept?',
    answer: <p>We accept {listOf(PAYMENT_METHODS)}.</p>,
  },
  {
    id: 'free-school-meals',
    question: 'Is there a discount for students on Free School Meals?',
    answer: (
      <p>
        Yes. Students who receive Free School Meals get {FREE_SCHOOL_MEALS_DISCOUNT_PERCENT}% off any plan. Contact us and we will apply the
        discount to your account.
      </p>
    ),
  },
  {
    id: 'family',
    question: 'Can brothers and sisters share one subscription?',
    answer: (
      <p>
        Full Access includes family sharing for up to {FAMILY_SHARING_MAX_STUDENTS} students. Each student gets their own account, progress and
        review schedule.
      </p>
    ),
  },
  {
    id: 'subject-change',
    question: 'Can I change my subject on Single Subject?',
    answer: <p>Yes, you can switch to a different subject once per month. Your progress in the earlier subject is kept.</p>,
  },
  {
    id: 'schools',
    question: 'Do you offer plans for schools and tutoring groups?',
    answer: (
      <p>
        Yes. Tell us about your school or group through <Link to="/contact">Contact Sales</Link> and we will get back to you within{' '}
        {CONTACT_PROMISE.replyWithinHours} hours.
      </p>
    ),
  },
];

/** SPEC §2 Pricing: monthly/yearly toggle, two plans, add-ons, tutors and teachers, FAQ, call to action. */
export function PricingPage() {
  useDocumentTitle('Pricing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const toggleName = useId();

  return (
    <PublicLayout page="pricing">
      <section className="pricing-hero" aria-labelledby="pricing-title">
        <p className="eyebrow">Pricing</p>
        <h1 id="pricing-title">Simple pricing for every learner</h1>
        <p className="pricing-lead">
          Ten minutes a day of practice that adapts to you. Start with a <span className="no-break">{TRIAL.days}-day</span> free trial, no
          credit card required.
        </p>

        <fieldset className="billing-toggle">
          <legend className="visually-hidden">Billing period</legend>
          {(['monthly', 'yearly'] as const).map((value) => (
            <label key={value} className={period === value ? 'billing-option selected' : 'billing-option'}>
              <input
                type="radio"
                name={toggleName}
                value={value}
                checked={period === value}
                onChange={() => {
                  setPeriod(value);
                  announce(value === 'monthly' ? 'Showing monthly prices' : 'Showing yearly prices');
                }}
              />
              {value === 'monthly' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </fieldset>
        <p className="billing-badge">
          <span className="badge save-badge">Save up to {maxYearlySavingsPercent()}%</span> with yearly billing
        </p>
      </section>

      <section className="section pricing-plans" aria-labelledby="plans-title">
        <h2 id="plans-title" className="visually-hidden">
          Plans
        </h2>
        <div className="plan-grid">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </div>
        <p className="pricing-small-print">
          <Icon name="check" size={18} />
          {TRIAL.days}-day free trial on every plan · No credit card required · {FREE_SCHOOL_MEALS_DISCOUNT_PERCENT}% off for students on
          Free School Meals
        </p>
      </section>

      <PublicSection alt titleId="addons-title" title="Add-ons" lead="Extras you can add to any plan.">
        <ul className="addon-grid">
          {ADD_ONS.map((addOn) => (
            <li key={addOn.id} className="addon-card">
              <div className="addon-top">
                <h3>{addOn.name}</h3>
                <span className={`badge addon-status ${addOn.status}`}>{ADD_ON_STATUS_LABELS[addOn.status]}</span>
              </div>
              <p>{addOn.description}</p>
              <p className="addon-price">
                +{formatPounds(addOn.monthlyPence)}
                <span>/month</span>
              </p>
            </li>
          ))}
        </ul>
      </PublicSection>

      <section className="section" aria-labelledby="tutors-title">
        <div className="section-inner tutors-panel">
          <div>
            <p className="eyebrow">For tutors and teachers</p>
            <h2 id="tutors-title">Free tools for tutors and teachers</h2>
            <p className="muted">
              Tutors and teachers never need a subscription. Follow your students’ progress with free tools, and earn{' '}
              {formatPounds(TUTOR_REWARD_PENCE)} for each student who subscribes with your referral code.
            </p>
            <CheckList items={TUTOR_FREE_TOOLS} />
            <div className="tutor-actions">
              <ButtonLink to="/tutor/referrals" primary>Get your referral code</ButtonLink>
              <ButtonLink to="/contact">Contact Sales</ButtonLink>
            </div>
          </div>
          <div className="reward-card">
            <Icon name="gift" size={30} />
            <p className="reward-amount">{formatPounds(TUTOR_REWARD_PENCE)}</p>
            <p>for every student who subscribes with your code</p>
          </div>
        </div>
      </section>

      <PublicSection alt innerClassName="pricing-faq" titleId="pricing-faq-title" title="Frequently asked questions">
        <FaqList items={FAQ} />
      </PublicSection>

      <CtaBand
        titleId="pricing-cta-title"
        title="Ready for ten better minutes a day?"
        text={<>Start your {TRIAL.days}-day free trial today. No credit card required.</>}
        secondary={{ to: '/contact', label: 'Contact Sales' }}
      />
    </PublicLayout>
  );
}
