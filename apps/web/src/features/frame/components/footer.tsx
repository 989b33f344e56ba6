import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GitHubIcon, LinkedInIcon, MailIcon, XIcon, YouTubeIcon } from '../../../components/ui/icons';
import { site } from '../../../lib/site';
import { useLocaleParams } from '../../../lib/use-locale';

const social = [
  { key: 'x', Icon: XIcon },
  { key: 'github', Icon: GitHubIcon },
  { key: 'linkedin', Icon: LinkedInIcon },
  { key: 'youtube', Icon: YouTubeIcon },
] as const;

/** Only the accounts configured at build time (WEB_SOCIAL_*_URL). */
const configuredSocial = social.flatMap(({ key, Icon }) => {
  const href = site.social[key];
  return href ? [{ key, Icon, href }] : [];
});

export function Footer() {
  const { t } = useTranslation();
  const params = useLocaleParams();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <p className="footer-name">Tomo</p>
          <p>{t('footer.tagline')}</p>
          {site.supportEmail ? (
            <a className="footer-mail" href={`mailto:${site.supportEmail}`}>
              <MailIcon />
              <span>
                {t('footer.mail')}: {site.supportEmail}
              </span>
            </a>
          ) : null}
        </div>
        <nav aria-label={t('footer.product')}>
          <h2 className="footer-heading">{t('footer.product')}</h2>
          <ul>
            <li><Link to="/{-$locale}/features" params={params}>{t('menu.features')}</Link></li>
            <li><Link to="/{-$locale}/use-cases" params={params}>{t('menu.useCases')}</Link></li>
            <li><Link to="/{-$locale}/pricing" params={params}>{t('menu.pricing')}</Link></li>
            <li><Link to="/{-$locale}/booking/demo" params={params}>{t('menu.booking')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2 className="footer-heading">{t('footer.legal')}</h2>
          <ul>
            <li><Link to="/{-$locale}/terms-of-service" params={params}>{t('menu.terms')}</Link></li>
            <li><Link to="/{-$locale}/privacy-policy" params={params}>{t('menu.privacy')}</Link></li>
            <li><Link to="/{-$locale}/compliance/hipaa" params={params}>{t('menu.compliance')}</Link></li>
            <li><Link to="/{-$locale}/security/vdp" params={params}>{t('menu.security')}</Link></li>
            <li><Link to="/{-$locale}/specified-commercial-transaction-act" params={params}>{t('menu.commercial')}</Link></li>
          </ul>
        </nav>
        {configuredSocial.length > 0 ? (
          <div>
            <h2 className="footer-heading">{t('footer.follow')}</h2>
            <ul className="social-links">
              {configuredSocial.map(({ key, Icon, href }) => (
                <li key={key}>
                  <a href={href} rel="noopener" target="_blank" aria-label={t(`footer.social.${key}`)}>
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <p className="footer-rights">{t('footer.rights')}</p>
    </footer>
  );
}
