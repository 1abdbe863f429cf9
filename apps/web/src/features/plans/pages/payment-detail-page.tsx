import { ComingSoon } from '../../../components/coming-soon';

export function PaymentDetailPage() {
  return <ComingSoon title="Payment Details" />;
}
