/** The header of a column of controls: named for screen readers only (an empty header leaves the column unnamed). */
export function HiddenColumnHeader({ label }: { label: string }) {
  return (
    <th scope="col">
      <span className="sr-only">{label}</span>
    </th>
  );
}
