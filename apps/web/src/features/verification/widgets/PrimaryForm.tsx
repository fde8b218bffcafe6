import { Alert, Button, Card, Form, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../shared/router/index.tsx';
import type { VerificationStatus } from '@meridian/contract/calls/verification';
import { verified } from '@meridian/contract/calls/verification';
import { ID_TYPES, idNumberProblem, normalizeIdNumber, type IdType } from '@meridian/core';
import { notifier } from '../../../shared/feedback/notifier.ts';
import { localeOf, currentLanguage } from '../../../shared/i18n/index.ts';
import { usePlatform } from '../../../shared/platform/context.tsx';
import { countryOptions } from '../data/countries.ts';
import { useRefreshVerification, useVerificationStatus } from '../data/useVerification.ts';
import { useBusy } from '../data/useBusy.ts';
import { CertifiedState } from './CertifiedState.tsx';
import { QueryGate } from './QueryGate.tsx';
import styles from './verification.module.css';

interface Values {
  name: string;
  idNumber: string;
  country: string;
  idType: IdType;
}

function PrimaryFields({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  const { api } = usePlatform();
  const refresh = useRefreshVerification();
  const [form] = Form.useForm<Values>();
  const options = useMemo(() => countryOptions(localeOf(currentLanguage())), []);
  const previous = status.primary;
  const { busy, run } = useBusy(async (values: Values) => {
    await api(verified, { body: { level: 'primary', ...values } });
    notifier.notify('success', t('success.basic'));
    await refresh();
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className={styles.form}
      requiredMark={false}
      initialValues={{
        country: previous?.country ?? 'CN',
        idType: previous?.idType ?? 'idCard',
        name: previous?.name ?? '',
      }}
      onFinish={(values) => void run(values)}
    >
      <p className={styles.lead}>{t('primary.lead')}</p>
      <Form.Item
        name="country"
        label={t('primary.country')}
        rules={[{ required: true, message: t('primary.countryRequired') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          placeholder={t('primary.countrySearch')}
        />
      </Form.Item>
      <Form.Item name="idType" label={t('primary.idType')}>
        <Radio.Group
          optionType="button"
          options={ID_TYPES.map((type) => ({ value: type, label: t(`primary.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('primary.name')}
        rules={[
          { required: true, whitespace: true, min: 2, max: 64, message: t('primary.nameRequired') },
        ]}
      >
        <Input autoComplete="name" maxLength={64} placeholder={t('primary.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t('primary.idNumber')}
        dependencies={['country', 'idType']}
        rules={[
          { required: true, whitespace: true, message: t('primary.idNumberRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value?.trim()) return;
              const problem = idNumberProblem(
                getFieldValue('country') as string,
                getFieldValue('idType') as IdType,
                normalizeIdNumber(value),
              );
              if (problem) throw new Error(t('primary.idNumberInvalid'));
            },
          }),
        ]}
      >
        <Input autoComplete="off" maxLength={40} spellCheck={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} block>
        {t('primary.submit')}
      </Button>
    </Form>
  );
}

/** Seed `/user/index?key=primary`: name, ID number, country and document type. */
export function PrimaryForm() {
  const { t } = useTranslation('verification');
  const status = useVerificationStatus();
  return (
    <Card title={t('primary.title')}>
      <QueryGate query={status} failed={t('load.failed')}>
        {(data) =>
          data.canSubmitPrimary ? (
            <>
              {data.state === 'rejected' && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title={t('primary.correct')}
                />
              )}
              <PrimaryFields status={data} />
            </>
          ) : data.state === 'basic' ? (
            <Alert
              type="success"
              showIcon
              className={styles.nextStep}
              title={t('primary.done')}
              action={
                <Link to="/user/index?key=advanced">
                  <Button size="small" type="primary">
                    {t('primary.next')}
                  </Button>
                </Link>
              }
            />
          ) : (
            <CertifiedState status={data} />
          )
        }
      </QueryGate>
    </Card>
  );
}

export default PrimaryForm;
