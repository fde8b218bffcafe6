import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What an empty list or table is: `none` when nothing exists yet (the user has no orders),
 * `filtered` when things exist but the filters or search leave none of them.
 */
export type EmptyKind = 'none' | 'filtered';

/**
 * The one empty state of the app: antd's simple illustration (it follows the theme) and a
 * sentence chosen by the case. A screen may say it more precisely ("No orders yet") and
 * offer an action as children; the kind stays readable as `data-empty-kind`.
 */
export function EmptyState({
  kind = 'none',
  description,
  children,
}: {
  kind?: EmptyKind;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Empty
      data-empty-kind={kind}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        description ?? (kind === 'filtered' ? t('common.empty.filtered') : t('common.empty.none'))
      }
    >
      {children}
    </Empty>
  );
}
