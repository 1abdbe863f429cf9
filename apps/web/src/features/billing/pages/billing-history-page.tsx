import '../billing.scss';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Messages, type Payment } from '@reeltime/contract';
import { ShimmerGrid } from '../../../components/shimmer';
import { formatDay, formatMoney } from '../../../lib/format';
import { paymentsQuery } from '../api/billing-api';
import { cardText } from '../components/card-text';
import { paths } from '../../../lib/paths';

export function BillingHistoryPage() {
  const payments = useQuery(paymentsQuery());
  const list = payments.data ?? [];
  return (
    <section className="container-xxl page-section billing-page">
      <div className="page-header">
        <h1 className="page-title">Billing history</h1>
      </div>
      {payments.isPending ? (
        <ShimmerGrid label="Loading payments" />
      ) : list.length === 0 ? (
        <div className="billing-empty">
          <p>{Messages.noPayments}</p>
          <Link to={paths.plans()} className="btn btn-primary">
            See plans
          </Link>
        </div>
      ) : (
        <PaymentsTable payments={list} />
      )}
    </section>
  );
}

function PaymentsTable({ payments }: { payments: Payment[] }) {
  return (
    <div className="billing-scroll">
      <table className="billing-table">
        <caption className="visually-hidden">Your payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col">Amount</th>
            <th scope="col">Card</th>
            <th scope="col">
              <span className="visually-hidden">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td data-label="Date">{formatDay(payment.paid_at)}</td>
              <td data-label="Plan">{payment.plan_name}</td>
              <td data-label="Amount">{formatMoney(payment.amount, payment.currency)}</td>
              <td data-label="Card">{cardText(payment)}</td>
              <td className="billing-table__receipt">
                <Link
                  to={paths.receipt(payment.id)}
                  aria-label={`Receipt for ${payment.plan_name}, ${formatDay(payment.paid_at)}`}
                >
                  Receipt
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
