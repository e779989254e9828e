import type { workspaceSettingsFields } from '@portico/common';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ColorField } from '../../ui/ColorField';
import { FormGrid } from '../../ui/Form';

type BrandColours = Pick<z.input<typeof workspaceSettingsFields>, 'primary_color' | 'secondary_color'>;

const COLOUR_FIELDS = [
  ['primary_color', 'Primary colour', '#2563EB'],
  ['secondary_color', 'Secondary colour', '#64748B'],
] as const;

/** A workspace's primary and secondary colour pickers, side by side, in any form that edits them (Brand & Legal, the console's Branding tab). */
export function BrandColourFields<Fields extends BrandColours & FieldValues, Output extends FieldValues>({
  control,
}: {
  control: Control<Fields, unknown, Output>;
}) {
  return (
    <FormGrid>
      {COLOUR_FIELDS.map(([name, label, fallback]) => (
        <Controller
          key={name}
          control={control}
          // TypeScript cannot see that a key of BrandColours is a path of every Fields that extends it.
          name={name as Path<Fields>}
          render={({ field, fieldState }) => (
            <ColorField
              label={label}
              fallback={fallback}
              value={(field.value as BrandColours[typeof name]) ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </FormGrid>
  );
}
