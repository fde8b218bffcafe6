import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCountryCode } from '@meridian/contract/calls/user';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { useSettings } from '../../../shared/settings/store.ts';

const regionLocale: Record<string, string> = { zh: 'zh-CN', tw: 'zh-TW' };

/**
 * The dialling code picker; its value is the code (`86`). Countries sharing a code (the
 * US and Canada) stay separate options; names come from the browser in the user's language.
 */
export function CountryCodeSelect({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (v: string) => void;
}) {
  const { t } = useTranslation('identity');
  const { api } = usePlatform();
  const language = useSettings((s) => s.language);
  const [picked, setPicked] = useState<string>();
  const { data = [] } = useQuery({
    queryKey: ['countryCodes'],
    queryFn: () => api(getCountryCode),
    staleTime: Infinity,
  });
  const names = new Intl.DisplayNames([regionLocale[language] ?? language], { type: 'region' });
  const first = data.find((c) => c.dialCode === value);
  const current =
    picked && value && picked.startsWith(`${value}|`)
      ? picked
      : first
        ? `${first.dialCode}|${first.code}`
        : undefined;
  return (
    <Select
      value={current}
      onChange={(key: string) => {
        setPicked(key);
        onChange?.(key.split('|')[0] ?? '');
      }}
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={260}
      style={{ width: 104 }}
      aria-label={t('account.field.areaCode')}
      options={data.map((c) => ({
        value: `${c.dialCode}|${c.code}`,
        label: `${names.of(c.code) ?? c.code} +${c.dialCode}`,
      }))}
      labelRender={({ value: key }) => `+${String(key).split('|')[0] ?? ''}`}
    />
  );
}
