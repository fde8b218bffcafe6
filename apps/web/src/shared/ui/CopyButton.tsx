import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../feedback/notifier.ts';

/** Copies a value and says whether it worked (seed: "Copy successful!" / "Copy failed!"). */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notifier.notify('success', t('common.copySuccess'));
    } catch {
      notifier.notify('error', t('common.copyFailed'));
    }
  }
  return (
    <Tooltip title={label ?? t('common.copy')}>
      <Button
        type="text"
        size="small"
        icon={<CopyOutlined />}
        aria-label={label ?? t('common.copy')}
        onClick={() => void copy()}
      />
    </Tooltip>
  );
}
