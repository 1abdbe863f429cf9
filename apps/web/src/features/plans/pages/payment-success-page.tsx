import { ComingSoon } from '../../../components/coming-soon';

export function PaymentSuccessPage() {
  return <ComingSoon title="Payment" />;
}
