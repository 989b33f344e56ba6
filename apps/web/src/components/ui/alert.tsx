import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export function Alert(props: { tone: 'success' | 'warning'; title: string; children: ReactNode; dismissLabel: string; onDismiss(): void }) {
  return (
    <div className={`alert alert-${props.tone}`} role={props.tone === 'warning' ? 'alert' : 'status'}>
      <div className="alert-body">
        <strong className="alert-title">{props.title}</strong>
        <p>{props.children}</p>
      </div>
      <button type="button" className="icon-button" onClick={props.onDismiss} aria-label={props.dismissLabel}>
        <CloseIcon />
      </button>
    </div>
  );
}
