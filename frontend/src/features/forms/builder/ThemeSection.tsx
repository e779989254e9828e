import { useId } from 'react';
import { DEFAULT_THEME, FORM_FONT_NAMES, FORM_FONTS, THEME_VARIANTS } from '@portico/common';
import type { FormTheme } from '@portico/common';
import { SelectField } from '../../../ui/Field';
import { ColorField } from '../../../ui/ColorField';
import { BuilderSection } from './BuilderSection';
import { FieldLabel, Note } from './Note';
import styles from './ThemeSection.module.css';

interface Props {
  theme: FormTheme;
  problems: Partial<Record<keyof FormTheme, string>>;
  onChange: (patch: Partial<FormTheme>) => void;
}

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
      <ColorField
        label="Primary colour"
        value={theme.primary}
        fallback={DEFAULT_THEME.primary}
        error={problems.primary}
        onChange={(primary) => onChange({ primary })}
      />
      <ColorField
        label="Secondary colour"
        value={theme.secondary}
        fallback={DEFAULT_THEME.secondary}
        error={problems.secondary}
        onChange={(secondary) => onChange({ secondary })}
      />
      <ColorField
        label="Background colour"
        value={theme.bg}
        fallback={DEFAULT_THEME.bg}
        error={problems.bg}
        onChange={(bg) => onChange({ bg })}
      />
      <fieldset className={styles.variant}>
        <FieldLabel as="legend">Background</FieldLabel>
        {THEME_VARIANTS.map((variant) => (
          <label key={variant} className={styles.radio}>
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
      </fieldset>
    </BuilderSection>
  );
}
