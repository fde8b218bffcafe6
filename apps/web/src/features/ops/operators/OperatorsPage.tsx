import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../shared/router/index.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';
import { OperatorsTable } from './OperatorsTable.tsx';
import { RolesMatrix } from './RolesMatrix.tsx';

/** /ops/operators (admin): the operators, and which role may do what. */
export default function OperatorsPage() {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'roles' ? 'roles' : 'operators';
  return (
    <>
      <PageTitle title={t('operators.title')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'roles' ? { tab: 'roles' } : {}, { replace: true })}
        items={[
          { key: 'operators', label: t('operators.tab'), children: <OperatorsTable /> },
          { key: 'roles', label: t('roles.tab'), children: <RolesMatrix /> },
        ]}
      />
    </>
  );
}
