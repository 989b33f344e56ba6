import type { Resource } from '../../lib/settings/use-resource';
import { LiveStatus } from '../ui/live-status';
import { SignInHereLink } from './settings-page';
import { useSettingsText } from '../../lib/settings/use-settings-text';

/**
 * What a settings page says where its data goes: 'Loading...' or the failure while no data is
 * shown (a reload behind shown data stays silent here), then the no-data line when `empty`.
 * A 401 (the session ended after this tab loaded, so the signed-in layout let the page open)
 * comes with the sign-in link: nothing was entered on a page that never loaded.
 * 'Loading...' and the no-data line share one status region that is there before either shows
 * (`LiveStatus`), so a screen reader hears them, the no-data line also when a search empties the
 * table (WCAG 4.1.3), not only someone looking at it.
 */
export function LoadState(props: { state: Resource<unknown>; hasData: boolean; empty?: boolean; emptyText?: string }) {
  const { m } = useSettingsText();
  const { state, hasData } = props;
  return (
    <>
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
      <LiveStatus>{state.status === 'loading' && !hasData ? m('UI.LOADING') : props.empty ? (props.emptyText ?? m('UI.NO_DATA')) : null}</LiveStatus>
    </>
  );
}
