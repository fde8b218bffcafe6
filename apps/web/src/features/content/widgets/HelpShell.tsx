import { Breadcrumb, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../shared/router/index.tsx';
import styles from '../content.module.css';
import { HELP_ROOT, searchPath } from './paths.ts';

export interface Crumb {
  title: string;
  to?: string;
}

/**
 * The frame of every help-centre page: the breadcrumb from the help centre down to the
 * page, the title and the search box.
 */
export function HelpShell({
  crumbs,
  title,
  lead,
  query = '',
  children,
}: {
  /** Below the help centre itself, which is always first. */
  crumbs: Crumb[];
  title?: string;
  lead?: string;
  query?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const items = [
    { title: t('helpCentre'), to: crumbs.length > 0 ? HELP_ROOT : undefined },
    ...crumbs,
  ];
  return (
    <div className={styles.page}>
      <Breadcrumb
        items={items.map((c) => ({
          key: c.title,
          title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title,
        }))}
      />
      <div className={styles.head}>
        {title ? (
          <div>
            <h1 className={styles.title}>{title}</h1>
            {lead ? <p className={styles.lead}>{lead}</p> : null}
          </div>
        ) : null}
        <Input.Search
          key={query}
          className={styles.search}
          defaultValue={query}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          enterButton={t('search.button')}
          maxLength={100}
          allowClear
          onSearch={(value) => {
            if (value.trim() !== '') navigate(searchPath(value.trim()));
          }}
        />
      </div>
      {children}
    </div>
  );
}
