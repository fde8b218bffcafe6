import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../shared/platform/context.tsx';

/** Opens the first configured customer-service link in a new window (seed section 2). */
export function SupportButton() {
  const { t } = useTranslation();
  const link = usePlatform().config.supportLinks[0];
  if (!link) return null;
  return (
    <Tooltip title={t('layout.customerService')}>
      <Button
        type="text"
        icon={<CustomerServiceOutlined />}
        aria-label={t('layout.customerService')}
        onClick={() => window.open(link, '_blank', 'noopener,noreferrer')}
      />
    </Tooltip>
  );
}
