import { GlobalOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_PAGE_ALL, getDictItems } from '@meridian/contract/calls/content';
import { usePlatform } from '../platform/context.tsx';
import { useLanguageChoice } from '../settings/useLanguageChoice.ts';
import styles from './language-select.module.css';

/** Each language's flag from the `language` dictionary (its `imgUrl`), by code. */
function useFlags(): Record<string, string> {
  const { api } = usePlatform();
  const query = useQuery({
    queryKey: ['public', 'dict', 'language'],
    queryFn: () =>
      api.quiet(getDictItems, { params: { code: 'language' }, query: { pageSize: DICT_PAGE_ALL } }),
    staleTime: 10 * 60_000,
  });
  return Object.fromEntries(
    (query.data?.records ?? []).map((item) => [item.dictValue, item.imgUrl]),
  );
}

/**
 * The language switcher: each language by its own name, with its flag from the language
 * dictionary once that has loaded (an operator may change or remove one). In the header
 * it hides on phones (the phone menu has one); the sign-in pages, which have no header,
 * show it always.
 */
export function LanguageSelect({ everywhere = false }: { everywhere?: boolean }) {
  const { t } = useTranslation();
  const { language, languages, choose } = useLanguageChoice();
  const flags = useFlags();
  return (
    <Select
      className={everywhere ? undefined : 'desktop-only'}
      aria-label={t('layout.language')}
      prefix={<GlobalOutlined />}
      value={language}
      onChange={choose}
      options={languages.map((l) => ({
        value: l.value,
        // The name as the option's title too (a label with a flag is not text): a pointer
        // hovering it, and anything finding an option by name, reads it.
        title: l.label,
        label: flags[l.value] ? (
          <span className={styles.option}>
            <img className={styles.flag} src={flags[l.value]} alt="" />
            {l.label}
          </span>
        ) : (
          l.label
        ),
      }))}
      // Thirteen names: render them all, so every one can be found and read.
      virtual={false}
      popupMatchSelectWidth={false}
      variant="borderless"
    />
  );
}
