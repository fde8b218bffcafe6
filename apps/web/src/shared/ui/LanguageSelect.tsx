import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '../settings/useLanguageChoice.ts';

/**
 * The language switcher: each language by its own name. In the header it hides on
 * phones (the phone menu has one); the sign-in pages, which have no header, show it always.
 */
export function LanguageSelect({ everywhere = false }: { everywhere?: boolean }) {
  const { t } = useTranslation();
  const { language, languages, choose } = useLanguageChoice();
  return (
    <Select
      className={everywhere ? undefined : 'desktop-only'}
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
