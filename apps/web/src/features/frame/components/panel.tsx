import type { ReactNode } from 'react';
import { CloseIcon } from '../../../components/ui/icons';

/** A slide-out panel; closed panels are inert, so neither the keyboard nor a screen reader reaches them. */
export function Panel(props: {
  id: string;
  side: 'left' | 'right';
  label: string;
  closeLabel: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <nav
      id={props.id}
      className={`panel panel-${props.side}`}
      data-open={props.open ? 'true' : 'false'}
      aria-label={props.label}
      inert={!props.open}
    >
      <div className="panel-head">
        <span className="panel-title">{props.label}</span>
        <button type="button" className="icon-button" onClick={props.onClose} aria-label={props.closeLabel}>
          <CloseIcon />
        </button>
      </div>
      {props.children}
    </nav>
  );
}
