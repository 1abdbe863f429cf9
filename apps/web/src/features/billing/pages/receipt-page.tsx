import '../billing.scss';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Receipt } from '@reeltime/contract';
import { PaymentBreakdown } from '../../../components/payment-breakdown';
import { ShimmerGrid } from '../../../components/shimmer';
import { formatDate, formatDay, formatMoney } from '../../../lib/format';
import { receiptQuery } from '../api/billing-api';
import { cardText } from '../components/card-text';
import { paths } from '../../../lib/paths';

export function ReceiptPage() {
  const paymentId = Number(useParams().id);
  const receipt = useQuery(receiptQuery(paymentId));

  return (
    <section className="container-xxl page-section receipt-page">
      <Link to={paths.billing()} className="receipt-page__back no-print">
        Billing history
      </Link>
      {receipt.isPending && receipt.fetchStatus !== 'idle' ? (
        <ShimmerGrid label="Loading receipt" />
      ) : receipt.data ? (
        <ReceiptSheet receipt={receipt.data} />
      ) : (
        <>
          <h1 className="page-title">Receipt</h1>
          <p>This receipt could not be loaded.</p>
        </>
      )}
    </section>
  );
}

/** The receipt as it prints: who was paid, by whom, for what period, and every line of the charge. */
function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <header className="receipt__header">
        <p className="receipt__site">{receipt.site_name}</p>
        <h1 id="receipt-title" className="receipt__title">
          Receipt
        </h1>
        <button type="button" className="btn btn-primary no-print" onClick={() => window.print()}>
          Print
        </button>
      </header>
      <dl className="receipt__facts">
        <Fact term="Receipt number" value={receipt.receipt_number} />
        <Fact term="Date paid" value={formatDay(receipt.paid_at)} />
        <Fact term="Billed to" value={`${receipt.member_name} (${receipt.member_email})`} />
        <Fact term="Plan" value={receipt.plan_name} />
        <Fact
          term="Period"
          value={`${formatDate(receipt.period_start)} to ${formatDate(receipt.period_end)}`}
        />
        <Fact term="Paid with" value={cardText(receipt)} />
        <Fact term="Amount paid" value={formatMoney(receipt.amount, receipt.currency)} />
      </dl>
      <PaymentBreakdown details={receipt.details} />
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="receipt__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
