import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '../../settings/useLanguageChoice.ts';

/** The header's language switcher: each language by its own name. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language, languages, choose } = useLanguageChoice();
  return (
    <Select
      className="desktop-only"
      aria-label={t('layout.language')}
      prefix={<GlobalOutlined />}
      value={language}
      onChange={choose}
      options={languages}
      // Thirteen names: render them all, so every one can be found and read.
      virtual={false}
      popupMatchSelectWidth={false}
      variant="borderless"
    />
  );
}
