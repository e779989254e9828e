import { zodResolver } from '@hookform/resolvers/zod';
import { seatCount } from '@portico/common';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useCheckout, type Plan } from './api';
import { BILLING_TOAST_MS, openStripePage } from './billing-messages';
import { formatDollars } from './plans';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import styles from './BuySeatsForm.module.css';
import { registeredField } from '../../lib/forms/registered-field';

/** The add_seats purchase of the API's checkout body, its count checked with the API's own `seatCount`. */
const seatsPurchase = z.object({ seats: seatCount, seat_kind: z.enum(['team', 'admin']) });
type SeatsPurchase = z.output<typeof seatsPurchase>;

/** Seats to add and their kind, then Stripe's Checkout page for them. */
export function BuySeatsForm({ plan, tenantId }: { plan: Plan; tenantId: string }) {
  const checkout = useCheckout(tenantId);
  const form = useForm<z.input<typeof seatsPurchase>, unknown, SeatsPurchase>({
    resolver: zodResolver(seatsPurchase),
    defaultValues: { seats: 1, seat_kind: 'team' },
  });
  const kind = useWatch({ control: form.control, name: 'seat_kind' });
  const seatPrice = kind === 'team' ? plan.seat_price_monthly : plan.admin_seats.extra_price_monthly;

  function submit(purchase: SeatsPurchase) {
    checkout.mutate(
      { purpose: 'add_seats', ...purchase },
      {
        onSuccess: (url) => openStripePage(url, 'No Stripe URL returned.'),
        onError: (err) =>
          toast.error(errorMessage(err, 'Failed to start seats checkout'), { duration: BILLING_TOAST_MS }),
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Seats to add"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        {...registeredField(form, 'seats', { valueAsNumber: true })}
      />
      <SelectField label="Seat type" {...form.register('seat_kind')}>
        <option value="team">Team seats</option>
        <option value="admin">Admin seats</option>
      </SelectField>
      <Button type="submit" loading={checkout.isPending}>
        Buy seats{seatPrice !== null ? ` (${formatDollars(seatPrice)}/month each)` : ''}
      </Button>
    </form>
  );
}
