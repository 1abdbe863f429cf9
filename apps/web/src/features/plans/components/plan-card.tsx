import { useId } from 'react';
import { Link } from 'react-router';
import type { Plan, Subscription } from '@reeltime/contract';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { formatDate, formatMoney } from '../../../lib/format';
import { limitText } from './limit-text';
import { paths } from '../../../lib/paths';

/** The plan on offer at a discount (spec section 9). */
const DISCOUNTED_PLAN_ID = 2;

function periodText({ duration_value: count, duration }: Plan): string {
  return count === 1 ? duration : `${count} ${duration}s`;
}

/**
 * One plan: name, price per period, what it includes, and Choose Plan. The member's own plan is
 * marked and cannot be chosen again: it renews by itself, or it can be extended by a period.
 */
export function PlanCard({ plan, current }: { plan: Plan; current: Subscription | null }) {
  const headingId = useId();
  const isCurrent = current?.plan_id === plan.plan_id;
  return (
    <article className={`plan-card${isCurrent ? ' plan-card--current' : ''}`} aria-labelledby={headingId}>
      <header className="plan-card__header">
        <h2 id={headingId} className="plan-card__name">
          {plan.name}
        </h2>
        {isCurrent && <span className="plan-card__badge plan-card__badge--current">Your plan</span>}
        {!isCurrent && plan.plan_id === DISCOUNTED_PLAN_ID && (
          <span className="plan-card__badge">10% off</span>
        )}
      </header>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatMoney(plan.total_price, plan.currency)}</span>
        <span className="plan-card__period"> / {periodText(plan)}</span>
      </p>
      <ul className="plan-card__limits list-unstyled" aria-label={`What ${plan.name} includes`}>
        {plan.plan_type.map((limitation) => (
          <li
            key={limitation.limitation_title}
            className={`plan-limit${limitation.limitation_value ? '' : ' plan-limit--excluded'}`}
          >
            {limitation.limitation_value ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
            <span className="visually-hidden">
              {limitation.limitation_value ? 'Included: ' : 'Not included: '}
            </span>
            <span className="plan-limit__title">{limitation.limitation_title}</span>
            <span className="plan-limit__value">{limitText(limitation.limit)}</span>
          </li>
        ))}
      </ul>
      {isCurrent ? (
        <CurrentPlanAction plan={plan} subscription={current} />
      ) : (
        <Link
          to={paths.paymentDetail(plan.plan_id)}
          className="btn btn-primary plan-card__choose"
          aria-label={`Choose Plan ${plan.name}`}
        >
          Choose Plan
        </Link>
      )}
    </article>
  );
}

function CurrentPlanAction({ plan, subscription }: { plan: Plan; subscription: Subscription }) {
  if (subscription.can_extend) {
    return (
      <Link
        to={paths.paymentDetail(plan.plan_id)}
        className="btn btn-outline-light plan-card__choose"
        aria-label={`Extend ${plan.name} by one ${periodText(plan)}`}
      >
        Extend by one {periodText(plan)}
      </Link>
    );
  }
  return (
    <p className="plan-card__current-note">
      {subscription.renews_automatically
        ? `Renews automatically on ${formatDate(subscription.end_date)}`
        : `Yours until ${formatDate(subscription.end_date)}`}
    </p>
  );
}
