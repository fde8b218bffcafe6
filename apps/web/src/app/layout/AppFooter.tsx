import { useTranslation } from 'react-i18next';
import { Link } from '../../shared/router/index.tsx';
import { useSiteSettings } from '../../shared/platform/site-settings.ts';
import type { MenuLink } from '../routes/menus.ts';

export function AppFooter({ links }: { links: MenuLink[] }) {
  const { t } = useTranslation();
  // The site settings' brand and support links (the deployment's until an operator sets them).
  const config = useSiteSettings();
  const support = config.supportLinks[0];
  return (
    <footer className="app-footer">
      <span>
        {t('layout.footer.copyright', { year: new Date().getFullYear(), brand: config.brand })}
      </span>
      <nav className="footer-links" aria-label={t('layout.footer.links')}>
        {links.map((link) => (
          <Link key={link.key} to={link.to}>
            {t(link.label)}
          </Link>
        ))}
        {support && (
          <a href={support} target="_blank" rel="noopener noreferrer">
            {t('layout.customerService')}
          </a>
        )}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('layout.footer.apiDocs')}
        </a>
      </nav>
    </footer>
  );
}
