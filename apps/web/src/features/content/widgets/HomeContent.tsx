import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import { featureOn, useSiteSettings } from '../../../shared/platform/site-settings.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useHomeContent } from '../data/queries.ts';
import styles from '../content.module.css';
import { ArticleLinks } from './ArticleLinks.tsx';
import { ANNOUNCEMENTS_PATH, HELP_ROOT } from './paths.ts';
import { QueryBlock } from './QueryBlock.tsx';

function BannerLink({
  to,
  className,
  style,
  children,
}: {
  to: string;
  className: string | undefined;
  style: React.CSSProperties;
  children: React.ReactNode;
}) {
  // A path of the app stays in it; an outside address opens apart.
  return to.startsWith('/') ? (
    <Link to={to} className={className} style={style}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} style={style} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The home page's content: banners, the beginner guide, hot issues and the latest
 * announcements, each shown unless its switch in the site settings is off.
 */
export function HomeContent() {
  const { t } = useTranslation('content');
  const home = useHomeContent();
  const settings = useSiteSettings();
  return (
    <QueryBlock query={home} rows={3}>
      {(data) => (
        <>
          {featureOn(settings, 'banners') && data.banners.length > 0 ? (
            <section className={styles.banners} aria-label={t('banners')}>
              {data.banners.map((banner) => (
                <BannerLink
                  key={banner.id}
                  to={banner.link || HELP_ROOT}
                  className={styles.banner}
                  style={
                    banner.imageUrl
                      ? { backgroundImage: `url("${encodeURI(banner.imageUrl)}")` }
                      : {}
                  }
                >
                  {banner.title}
                </BannerLink>
              ))}
            </section>
          ) : null}
          <div className={styles.homeRow}>
            {featureOn(settings, 'beginnerGuide') && data.guide.length > 0 ? (
              <Panel title={t('guide')} extra={<Link to={HELP_ROOT}>{t('helpCentre')}</Link>}>
                <ArticleLinks articles={data.guide} withText={false} />
              </Panel>
            ) : null}
            {featureOn(settings, 'hotIssues') && data.hot.length > 0 ? (
              <Panel title={t('hot')}>
                <ArticleLinks articles={data.hot} withText={false} />
              </Panel>
            ) : null}
            {featureOn(settings, 'announcements') && data.announcements.length > 0 ? (
              <Panel
                title={t('announcements')}
                extra={<Link to={ANNOUNCEMENTS_PATH}>{t('all')}</Link>}
              >
                <ArticleLinks articles={data.announcements} withText={false} dated />
              </Panel>
            ) : null}
          </div>
        </>
      )}
    </QueryBlock>
  );
}
