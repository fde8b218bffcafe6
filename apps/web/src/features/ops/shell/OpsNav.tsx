import {
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  ImportOutlined,
  PercentageOutlined,
  ExportOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  GoldOutlined,
  SafetyOutlined,
  ShopOutlined,
  SolutionOutlined,
  SwapOutlined,
  ReadOutlined,
  TeamOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../shared/router/index.tsx';
import { useOpsSession } from '../session/session-store.ts';
import { navigationFor, type OpsIcon, type OpsNavLink } from './pages.ts';
import styles from './ops.module.css';

const ICONS: Record<OpsIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <TeamOutlined />,
  review: <FileSearchOutlined />,
  adjustments: <TransactionOutlined />,
  withdrawals: <ExportOutlined />,
  deposits: <ImportOutlined />,
  custody: <SafetyOutlined />,
  banks: <BankOutlined />,
  swap: <SwapOutlined />,
  content: <ReadOutlined />,
  seconds: <FieldTimeOutlined />,
  earn: <GoldOutlined />,
  margin: <PercentageOutlined />,
  chat: <CustomerServiceOutlined />,
  catalogue: <ShopOutlined />,
  audit: <AuditOutlined />,
  operators: <SolutionOutlined />,
};

/** The entry a path belongs to: the longest entry path it starts with (/ops/users/7: users). */
export function selectedEntry(links: readonly OpsNavLink[], pathname: string): string | undefined {
  return links
    .filter((l) => pathname === l.to || pathname.startsWith(`${l.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;
}

/** The side navigation (a drawer's content on a phone): only what the role may open. */
export function OpsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('ops');
  const { pathname } = useLocation();
  const permissions = useOpsSession((s) => s.permissions);
  const links = navigationFor(permissions);
  const item = (link: OpsNavLink) => ({
    key: link.to,
    icon: ICONS[link.icon],
    label: (
      <Link to={link.to} onClick={onNavigate}>
        {t(link.label)}
      </Link>
    ),
  });
  const reviews = links.filter((l) => l.group === 'reviews');
  const items: MenuProps['items'] = [];
  for (const link of links) {
    if (link.group !== 'reviews') items.push(item(link));
    else if (link === reviews[0]) {
      items.push({
        type: 'group',
        key: 'reviews',
        label: t('nav.reviews'),
        children: reviews.map(item),
      });
      // The entries after the queues are not reviews: a rule ends the group.
      items.push({ type: 'divider', key: 'reviews-end' });
    }
  }
  const selected = selectedEntry(links, pathname);
  return (
    <nav aria-label={t('shell.navigation')} className={styles.nav}>
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} />
    </nav>
  );
}
