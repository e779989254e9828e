import { useState } from 'react';
import type { FormEvent } from 'react';
import { slugFromName } from '@portico/common';
import type { InviteAnswer } from '../../api/types';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { isEmail } from '../../lib/validation';
import { TIERS } from './tenant-display';
import { inviteFailure, useInvite } from './use-invite';

const DEFAULT_SEATS = '3';

export function NewTenantForm({ onCreated }: { onCreated: (answer: InviteAnswer) => void }) {
  const [name, setName] = useState('');
  const [tier, setTier] = useState<string>('starter');
  const [seats, setSeats] = useState(DEFAULT_SEATS);
  const [email, setEmail] = useState('');
  const [bypassBilling, setBypassBilling] = useState(false);
  const invite = useInvite(onCreated);

  const slug = slugFromName(name);
  const seatCount = Number(seats);
  const seatsValid = Number.isInteger(seatCount) && seatCount >= 1;
  const valid = name.trim() !== '' && slug !== '' && seatsValid && isEmail(email);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    invite.mutate({
      tenant: { name: name.trim(), slug, tier, seats_total: seatCount },
      admin: { email: email.trim() },
      bypass_billing: bypassBilling,
    });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField label="Tenant name" required value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Slug" value={slug} readOnly help="Generated from the name." />
      <div className="form-grid">
        <SelectField label="Tier" required value={tier} onChange={(e) => setTier(e.target.value)}>
          {TIERS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Seats"
          type="number"
          min={1}
          step={1}
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
          error={seatsValid ? null : 'At least 1 seat.'}
        />
      </div>
      <TextField
        label="First admin email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={email && !isEmail(email) ? 'Enter a valid email address.' : null}
      />
      <label className="checkbox">
        <input type="checkbox" checked={bypassBilling} onChange={(e) => setBypassBilling(e.target.checked)} />
        Bypass Billing
      </label>
      {invite.isError && <Alert tone="error">{inviteFailure(invite.error)}</Alert>}
      <div className="form-actions">
        <Button type="submit" loading={invite.isPending} disabled={!valid}>
          Create Tenant
        </Button>
      </div>
    </form>
  );
}
