import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Confirmation } from './use-confirm';

/**
 * The modal question held by useConfirm(), with confirm and cancel (native <dialog>, so focus
 * and Escape just work). Confirm closes the dialog before it runs the change: the browser gives
 * the focus back to what opened it (a Save) while that is still enabled, so the change starts
 * from it and gets it back once done, instead of the page's start. Escape is answered here, on
 * the key, like Cancel: it closes this dialog only, never a dialog below it (the reaction modal
 * that asked whether to discard its draft), which Chromium's close request could otherwise
 * close together with it when no click came between the two.
 */
export function ConfirmDialog(props: { question: Confirmation; confirmLabel: string; cancelLabel: string }) {
  const { question } = props;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (question.open && !dialog.open) dialog.showModal();
    if (!question.open && dialog.open) dialog.close();
  }, [question.open]);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    question.cancel();
  };
  return (
    <dialog ref={ref} className="settings-dialog" aria-label={question.message} onCancel={question.cancel} onKeyDown={onKeyDown}>
      <p>{question.message}</p>
      <div className="settings-dialog-actions">
        <button type="button" className="button button-quiet button-small" onClick={question.cancel}>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            ref.current?.close();
            question.confirm();
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
