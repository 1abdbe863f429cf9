import './payment-breakdown.scss';
import type { PriceBreakdown } from '@reeltime/contract';
import { formatMoney } from '../lib/format';

/** What a plan costs, line by line: price, discount, subtotal, each tax, a credit, and the total. */
export function PaymentBreakdown({ details }: { details: PriceBreakdown }) {
  const money = (amount: number) => formatMoney(amount, details.currency);
  return (
    <table className="payment-breakdown">
      <caption className="payment-breakdown__caption">Price breakdown</caption>
      <tbody>
        <Line label="Price" amount={money(details.price)} />
        <DiscountLine label={details.discount} amount={details.discount_amount} money={money} />
        <Line label="Subtotal" amount={money(details.subtotal)} />
        {details.tax_array.map((tax) => (
          <Line key={tax.name} label={`${tax.name} (${tax.value}%)`} amount={money(tax.tax_amount)} />
        ))}
        {details.credit && <Line label={details.credit.description} amount={money(-details.credit.amount)} />}
      </tbody>
      <tfoot>
        <Line label="Total" amount={money(details.total)} />
      </tfoot>
    </table>
  );
}

/** `Discount (10% off)  -₹39.90`, or the server's word for none (`No discount`) in place of ₹0.00. */
function DiscountLine({
  label,
  amount,
  money,
}: {
  label: string;
  amount: number;
  money: (amount: number) => string;
}) {
  if (amount > 0) return <Line label={label ? `Discount (${label})` : 'Discount'} amount={money(-amount)} />;
  return <Line label="Discount" amount={label || money(0)} />;
}

function Line({ label, amount }: { label: string; amount: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{amount}</td>
    </tr>
  );
}
