import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Above every admin page while the workspace's last payment failed (Stripe's `invoice.payment_failed`). */
export function PaymentFailedBanner({ billingPath }: { billingPath: string }) {
  return (
    <div className="payment-banner" role="alert">
      <CircleAlert size={16} aria-hidden />
      <span>The last payment for this workspace failed. Update the payment method to keep its plan.</span>
      <Link to={billingPath}>Go to Billing</Link>
    </div>
  );
}
