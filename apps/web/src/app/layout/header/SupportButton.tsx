import { CustomerServiceOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../shared/ui/Hint.tsx';
import { PlainButton } from '../../../shared/ui/PlainButton.tsx';
import { useSiteSettings } from '../../../shared/platform/site-settings.ts';

/**
 * Opens the first customer-service link in a new window (seed section 2). The links are
 * the site settings' (an operator's change reaches open pages without a rebuild), the
 * deployment's SUPPORT_LINKS until an operator sets them; with none, no button.
 */
export function SupportButton() {
  const { t } = useTranslation();
  const link = useSiteSettings().supportLinks[0];
  if (!link) return null;
  return (
    <Hint title={t('layout.customerService')}>
      <PlainButton
        kind="text"
        icon={<CustomerServiceOutlined />}
        aria-label={t('layout.customerService')}
        data-support-link={link}
        onClick={() => window.open(link, '_blank', 'noopener,noreferrer')}
      />
    </Hint>
  );
}
