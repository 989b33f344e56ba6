import { useEffect, useId, useState } from 'react';
import { formatList } from '../../../../../../core/shared/list-format';
import { ActionStatus } from '../../../components/settings/settings-page';
import { useAction } from '../../../lib/settings/use-action';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { changeSeats } from '../api/change-seats';
import type { CurrentSubscription } from '../api/get-subscription';
import { getMemberNames } from '../api/get-member-names';
import { previewSeatChange, type SeatChangePreview } from '../api/preview-seat-change';
import type { ApiError } from '../../../lib/settings/api-client';
import { formatMoney } from '../format-money';
import { planStateChanged } from '../plan-ended';
import { showDay } from '../show-day';

const MAX_SEATS = 100_000;

function parseSeats(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= 1 && value <= MAX_SEATS ? value : null;
}

/**
 * Change the seat count of a paid plan (admins): Stripe's invoice preview first (the prorated
 * amount on the next invoice, and who loses a seat when going down), then confirm. Confirming
 * sends the preview's proration date, so the charge equals what was shown.
 */
export function SeatChange(props: { subscription: CurrentSubscription; onChanged(): Promise<unknown>; onPlanChanged(message: string): Promise<unknown> }) {
  const { t, m } = useSettingsText();
  const s = props.subscription;
  const id = useId();
  const action = useAction();
  const [typed, setTyped] = useState(String(s.quantity));
  const [preview, setPreview] = useState<SeatChangePreview | null>(null);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [changedTo, setChangedTo] = useState<number | null>(null);

  useEffect(() => {
    setTyped(String(s.quantity));
  }, [s.quantity]);

  const quantity = parseSeats(typed);
  const invalid = typed.trim() !== '' && quantity === null ? m('SEATS.INVALID_QUANTITY') : null;
  const unchanged = quantity === s.quantity;
  // Ended at Stripe: the page says so and reloads (this card may then be gone with its own message).
  const handOver = (failure: ApiError) => {
    if (planStateChanged(failure)) void props.onPlanChanged(failure.message);
    return false;
  };

  const askPreview = async () => {
    if (quantity === null || unchanged) return;
    setChangedTo(null);
    let answer: SeatChangePreview | null = null;
    const done = await action.run('UI.LOADING', async () => {
      [answer] = await Promise.all([previewSeatChange(s.id, quantity), getMemberNames().then(setNames)]);
    }, undefined, handOver);
    if (done) setPreview(answer);
  };

  const confirm = async () => {
    if (!preview) return;
    const target = preview.newQuantity;
    const done = await action.run('UI.UPDATING', () => changeSeats(s.id, target, preview.prorationDate), props.onChanged, handOver);
    // After a failure (e.g. the preview went stale) the price must be previewed again.
    setPreview(null);
    if (done) setChangedTo(target);
  };

  return (
    <div className="subscription-seat-change">
      <h3 id={`${id}-heading`}>{t('subscription.seatChange.heading')}</h3>
      <form
        className="seat-change-row"
        aria-labelledby={`${id}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          void askPreview();
        }}
      >
        <label className="settings-field">
          {t('subscription.seatChange.label', { plan: s.planDisplayName })}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS}
            step={1}
            className={invalid ? 'settings-input settings-input-invalid' : 'settings-input'}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            value={typed}
            disabled={action.busy}
            onChange={(event) => {
              setTyped(event.target.value);
              setPreview(null);
            }}
          />
        </label>
        <button type="submit" className="button button-secondary button-small" disabled={action.busy || quantity === null || unchanged}>
          {t('subscription.seatChange.preview')}
        </button>
      </form>
      {invalid ? (
        <p className="settings-error" role="alert" id={`${id}-error`}>
          {invalid}
        </p>
      ) : null}
      {preview ? <PreviewPanel preview={preview} names={names} busy={action.busy} onConfirm={() => void confirm()} onCancel={() => setPreview(null)} /> : null}
      {changedTo !== null && !action.busy ? <p className="settings-hint">{t('subscription.seatChange.changed', { seats: changedTo })}</p> : null}
      <ActionStatus progress={action.progress ? m(action.progress) : null} error={action.error} signedOut={action.signedOut} />
    </div>
  );
}

function PreviewPanel(props: {
  preview: SeatChangePreview;
  names: Map<string, string>;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t, locale } = useSettingsText();
  const { preview } = props;
  const invoice = preview.invoice;
  const heading = t('subscription.seatChange.previewHeading', { from: preview.oldQuantity, to: preview.newQuantity });
  const money = (cents: number) => (invoice ? formatMoney(cents, invoice.currency, locale) : '');
  return (
    <section className="seat-preview" aria-label={heading} data-testid="seat-preview">
      <h4>{heading}</h4>
      {invoice ? (
        <>
          <p className="seat-preview-amount" data-testid="proration-amount">
            {invoice.prorationAmountCents > 0
              ? t('subscription.seatChange.charge', { amount: money(invoice.prorationAmountCents) })
              : invoice.prorationAmountCents < 0
                ? t('subscription.seatChange.credit', { amount: money(-invoice.prorationAmountCents) })
                : t('subscription.seatChange.noCharge')}
          </p>
          <p data-testid="next-invoice">
            {t('subscription.seatChange.nextInvoice', { date: showDay(invoice.nextBillingDate, locale), amount: money(invoice.nextInvoiceTotalCents) })}
            {invoice.nextInvoiceDiscountCents > 0 ? ` (${t('subscription.seatChange.nextInvoiceDiscount', { amount: money(invoice.nextInvoiceDiscountCents) })})` : null}
          </p>
        </>
      ) : (
        <p>{t('subscription.seatChange.payAsYouGo')}</p>
      )}
      {preview.unassignedMemberIds.length > 0 ? (
        <p className="subscription-flag">
          {t('subscription.seatChange.unassigned', {
            names: formatList(preview.unassignedMemberIds.map((memberId) => props.names.get(memberId) ?? memberId), locale),
          })}
        </p>
      ) : null}
      <div className="settings-row">
        <button type="button" className="button button-small" disabled={props.busy} onClick={props.onConfirm}>
          {t('subscription.seatChange.confirm', { seats: preview.newQuantity })}
        </button>
        <button type="button" className="button button-quiet button-small" disabled={props.busy} onClick={props.onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </section>
  );
}
