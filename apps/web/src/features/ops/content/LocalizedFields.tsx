import { Collapse, Form, Input } from 'antd';
import { LANGUAGES } from '@meridian/contract/languages';
import { useTranslation } from 'react-i18next';

/**
 * A short text per language (titles of categories, sections, banners): English first and
 * required (readers of a missing language get it), the other twelve folded below.
 */
export function LocalizedFields({
  name,
  label,
  required = true,
}: {
  name: string;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation('content');
  const field = (code: string, native: string) => (
    <Form.Item
      key={code}
      name={[name, code]}
      label={`${label} · ${native}`}
      rules={
        code === 'en' && required
          ? [{ required: true, whitespace: true, message: t('ops.englishRule') }]
          : []
      }
    >
      <Input maxLength={200} autoComplete="off" />
    </Form.Item>
  );
  return (
    <>
      {field('en', 'English')}
      <Collapse
        size="small"
        items={[
          {
            key: 'others',
            label: t('ops.otherLanguages'),
            forceRender: true,
            children: LANGUAGES.filter((l) => l.code !== 'en').map((l) => field(l.code, l.name)),
          },
        ]}
      />
    </>
  );
}

/** The filled languages only: an empty field is no translation. */
export function filled(
  values: Record<string, string | undefined> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values ?? {}).flatMap(([k, v]) => (v && v.trim() !== '' ? [[k, v.trim()]] : [])),
  );
}
