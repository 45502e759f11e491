import { Link } from 'react-router-dom';
import {
  TRIAL,
  formatPounds,
  pricePence,
  yearlyPerMonthPence,
  yearlySavingsPence,
  type BillingPeriod,
  type Plan,
} from '@mathdaily/domain';
import { CheckList } from './check-list.tsx';

/** One plan with its price for the chosen billing period; every figure comes from domain/pricing/plans.ts. */
export function PlanCard({ plan, period, compact = false }: { plan: Plan; period: BillingPeriod; compact?: boolean }) {
  const headingId = `plan-${plan.id}`;
  const savings = formatPounds(yearlySavingsPence(plan));
  return (
    <article className={plan.mostPopular ? 'plan-card popular' : 'plan-card'} aria-labelledby={headingId}>
      {plan.mostPopular && <p className="plan-ribbon">Most Popular</p>}
      <h3 id={headingId} className="plan-name">
        {plan.name}
      </h3>
      <p className="plan-tagline">{plan.tagline}</p>
      <p className="plan-price" data-testid={`price-${plan.id}`}>
        <span className="plan-amount">{formatPounds(pricePence(plan, period))}</span>
        <span className="plan-per">/{period === 'monthly' ? 'month' : 'year'}</span>
      </p>
      <p className="plan-price-note" data-testid={`price-note-${plan.id}`}>
        {period === 'monthly' ? (
          <>
            or {formatPounds(plan.yearlyPence)} a year and save {savings}
          </>
        ) : (
          <>
            {formatPounds(yearlyPerMonthPence(plan))} a month, billed yearly · <strong className="plan-saving">Save {savings} a year</strong>
          </>
        )}
      </p>
      {!compact && (
        <CheckList items={plan.features} />
      )}
      <Link className={plan.mostPopular ? 'button primary block' : 'button block'} to="/register">
        Start {TRIAL.days}-day free trial<span className="visually-hidden"> of {plan.name}</span>
      </Link>
    </article>
  );
}
