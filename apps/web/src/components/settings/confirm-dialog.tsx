import { useEffect, useRef } from 'react';

/** A modal question with confirm and cancel (native <dialog>, so focus and Escape just work). */
export function ConfirmDialog(props: {
  open: boolean;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="settings-dialog" aria-label={props.message} onCancel={props.onCancel}>
      <p>{props.message}</p>
      <div className="settings-dialog-actions">
        <button type="button" className="button button-quiet button-small" onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
        <button type="button" className="button button-small" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
