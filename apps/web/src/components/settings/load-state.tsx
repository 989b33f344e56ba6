import type { Resource } from '../../lib/settings/use-resource';
import { SignInHereLink } from './settings-page';
import { useSettingsText } from '../../lib/settings/use-settings-text';

/**
 * What a settings page says where its data goes: 'Loading...' or the failure while no data is
 * shown (a reload behind shown data stays silent here), then the no-data line when `empty`.
 * A 401 (the session ended after this tab loaded, so the signed-in layout let the page open)
 * comes with the sign-in link: nothing was entered on a page that never loaded.
 * The no-data line sits in a status region that is there from the start, so a screen reader
 * hears it when a search empties the table (WCAG 4.1.3), not only someone looking at it.
 */
export function LoadState(props: { state: Resource<unknown>; hasData: boolean; empty?: boolean; emptyText?: string }) {
  const { m } = useSettingsText();
  const { state, hasData } = props;
  return (
    <>
      {state.status === 'loading' && !hasData ? <p role="status">{m('UI.LOADING')}</p> : null}
      {state.status === 'error' && !hasData ? (
        <p className="settings-error" role="alert">
          {state.error.message || m('UNKNOWN')}
          {state.error.status === 401 ? (
            <>
              {' '}
              <SignInHereLink />
            </>
          ) : null}
        </p>
      ) : null}
      <div role="status">{props.empty ? <p>{props.emptyText ?? m('UI.NO_DATA')}</p> : null}</div>
    </>
  );
}
