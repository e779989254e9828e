import { useId } from 'react';
import { DEFAULT_THEME, FORM_FONT_NAMES, FORM_FONTS, THEME_VARIANTS } from '@portico/common';
import type { FormTheme } from '@portico/common';
import { SelectField } from '../../../ui/Field';
import { ColorField } from '../../../ui/ColorField';
import { BuilderSection } from './BuilderSection';
import { Choices, Note } from './Note';
import field from '../../../ui/Field.module.css';
import styles from './ThemeSection.module.css';

interface Props {
  theme: FormTheme;
  problems: Partial<Record<keyof FormTheme, string>>;
  onChange: (patch: Partial<FormTheme>) => void;
}

const COLOURS: { key: 'primary' | 'secondary' | 'bg'; label: string }[] = [
  { key: 'primary', label: 'Primary colour' },
  { key: 'secondary', label: 'Secondary colour' },
  { key: 'bg', label: 'Background colour' },
];

const VARIANT_LABELS: Record<FormTheme['variant'], string> = { solid: 'Solid', gradient: 'Gradient' };

/** Font, colours and background of the form; the preview beside the editor follows every change. */
export function ThemeSection({ theme, problems, onChange }: Props) {
  const variantName = useId();
  return (
    <BuilderSection
      title="Theme"
      description="How the form looks to the people filling it in."
      bodyClassName={styles.theme}
    >
      <SelectField
        label="Font"
        value={theme.font}
        error={problems.font}
        onChange={(e) => onChange({ font: e.target.value })}
      >
        {FORM_FONT_NAMES.map((font) => (
          <option key={font} value={font} style={{ fontFamily: FORM_FONTS[font] }}>
            {font}
          </option>
        ))}
      </SelectField>
      {COLOURS.map(({ key, label }) => (
        <ColorField
          key={key}
          label={label}
          value={theme[key]}
          fallback={DEFAULT_THEME[key]}
          error={problems[key]}
          onChange={(colour) => onChange({ [key]: colour })}
        />
      ))}
      <Choices legend="Background">
        {THEME_VARIANTS.map((variant) => (
          <label key={variant} className={field.checkbox}>
            <input
              type="radio"
              name={variantName}
              value={variant}
              checked={theme.variant === variant}
              onChange={() => onChange({ variant })}
            />
            {VARIANT_LABELS[variant]}
          </label>
        ))}
        {problems.variant && <Note error>{problems.variant}</Note>}
      </Choices>
    </BuilderSection>
  );
}
