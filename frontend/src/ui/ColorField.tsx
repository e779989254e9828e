import { useId } from 'react';

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
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="color-field">
        <input
          type="color"
          className="color-swatch"
          aria-label={`${label} picker`}
          value={shown}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <input
          id={id}
          className="input"
          value={value}
          placeholder={fallback}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
