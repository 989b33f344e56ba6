import { useRef } from 'react';
import { validateIconUpload } from '../../../../../../core/customization/icon-validation';
import { CloseIcon } from '../../../components/ui/icons';
import { useSettingsText } from '../../../lib/settings/use-settings-text';

/**
 * The icon: click it to choose a file (checked in the spec's order before anything is
 * sent), the X at its top right removes a custom icon. 175×175 on phones, 250×250 wider.
 * `readOnly`: only the icon, for someone who may not change it.
 */
export function AppIconField(props: {
  iconUrl: string | null;
  teamId: string | null;
  userId: string | null;
  busy: boolean;
  readOnly?: boolean;
  onInvalid(message: string): void;
  onChosen(file: File): void;
  onRemove(): void;
}) {
  const { t, m } = useSettingsText();
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File | null) => {
    const checked = validateIconUpload({ teamId: props.teamId, userId: props.userId, file: file ? { name: file.name, size: file.size } : null });
    if (!checked.ok) props.onInvalid(m(checked.error.code, checked.error.params));
    else if (file) props.onChosen(file);
    if (input.current) input.current.value = '';
  };

  const image = <img src={props.iconUrl ?? '/favicon.svg'} alt={props.iconUrl ? t('app.icon.custom') : t('app.icon.original')} />;
  if (props.readOnly === true) {
    return (
      <div className="app-icon">
        <span className="app-icon-button app-icon-static">{image}</span>
      </div>
    );
  }
  return (
    <div className="app-icon">
      <button type="button" className="app-icon-button" disabled={props.busy} onClick={() => input.current?.click()} aria-label={t('app.icon.change')}>
        {image}
      </button>
      {props.iconUrl ? (
        <button type="button" className="app-icon-remove" disabled={props.busy} onClick={props.onRemove} aria-label={t('app.icon.remove')}>
          <CloseIcon />
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hidden
        data-testid="app-icon-input"
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}
