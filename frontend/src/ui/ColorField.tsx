import { useId } from 'react';
import { FieldFrame, Input, fieldControlAttributes } from './Field';
import styles from './ColorField.module.css';

interface ColorFieldProps {
  label: string;
  value: string;
  fallback: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A colour picker beside its hex value; either can be edited. */
export function ColorField({ label, value, fallback, error, onChange }: ColorFieldProps) {
  const id = useId();
  const shown = /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className={styles.row}>
        <input
          type="color"
          className={styles.swatch}
          aria-label={`${label} picker`}
          value={shown}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <Input
          {...fieldControlAttributes(id, { error })}
          value={value}
          placeholder={fallback}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </FieldFrame>
  );
}
