import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanels } from '../hooks/use-panels';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageMenu } from './language-menu';
import { SiteMenu } from './site-menu';

/** Header, the two slide-out panels, the page and the footer around every route. */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const panels = usePanels();
  return (
    <div className="frame" data-panel={panels.open ?? 'none'}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header panels={panels} />
      <SiteMenu open={panels.open === 'menu'} onClose={panels.close} />
      <LanguageMenu open={panels.open === 'language'} onClose={panels.close} />
      {/* Clicking anywhere in the page content (the scrim covers it while a panel is open) closes both
          panels, and so does the keyboard's way there: Tab past a panel's last entry would otherwise
          put the focus on a control hidden behind the scrim, with the panel still open. A dialog
          opened over the panel (Leave this page?) is not the page: the panel stays behind it. */}
      <div
        className="frame-content"
        onClick={panels.open ? panels.close : undefined}
        onFocus={
          panels.open
            ? (event) => {
                if (!(event.target instanceof Element && event.target.closest('dialog'))) panels.close();
              }
            : undefined
        }
      >
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
      <div className="scrim" hidden={!panels.open} onClick={panels.close} />
    </div>
  );
}
