import { TENANT_TIERS } from '@portico/common';
import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from '../../ui/Field';
import { FormGrid } from '../../ui/Form';

type Registered<P> = Omit<P, 'label' | 'children'>;

/** A tenant's tier and seats, as Create Tenant and the tenant drawer's plan ask for them. */
export function TierSeatsFields({
  tier,
  seats,
}: {
  tier: Registered<SelectFieldProps>;
  seats: Registered<TextFieldProps>;
}) {
  return (
    <FormGrid>
      <SelectField label="Tier" required {...tier}>
        {TENANT_TIERS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <TextField label="Seats" type="number" min={1} step={1} {...seats} />
    </FormGrid>
  );
}
