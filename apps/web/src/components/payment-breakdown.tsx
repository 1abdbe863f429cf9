import type { PaymentDetails } from '@reeltime/contract';
import { formatMoney } from '../lib/format';

/** What a plan costs, line by line: price, discount, subtotal, each tax, a credit, and the total. */
export function PaymentBreakdown({ details }: { details: PaymentDetails }) {
  const money = (amount: number) => formatMoney(amount, details.currency);
  const deduction = (amount: number) => (amount > 0 ? money(-amount) : money(0));
  return (
    <table className="payment-breakdown">
      <caption className="payment-breakdown__caption">Price breakdown</caption>
      <tbody>
        <Line label="Price" amount={money(details.price)} />
        <Line
          label={details.discount ? `Discount (${details.discount})` : 'Discount'}
          amount={deduction(details.discount_amount)}
        />
        <Line label="Subtotal" amount={money(details.subtotal)} />
        {details.tax_array.map((tax) => (
          <Line key={tax.name} label={`${tax.name} (${tax.value}%)`} amount={money(tax.tax_amount)} />
        ))}
        {details.credit && (
          <Line label={details.credit.description} amount={deduction(details.credit.amount)} />
        )}
      </tbody>
      <tfoot>
        <Line label="Total" amount={money(details.total)} />
      </tfoot>
    </table>
  );
}

function Line({ label, amount }: { label: string; amount: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{amount}</td>
    </tr>
  );
}
