/** An on/off switch (role="switch"), labelled for screen readers. */
export function Switch(props: { checked: boolean; label: string; disabled?: boolean; showLabel?: boolean; onChange(next: boolean): void }) {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={props.checked}
      aria-label={props.showLabel ? undefined : props.label}
      disabled={props.disabled}
      onClick={() => props.onChange(!props.checked)}
    >
      <span className="switch-track" aria-hidden="true" />
      {props.showLabel ? <span>{props.label}</span> : null}
    </button>
  );
}
