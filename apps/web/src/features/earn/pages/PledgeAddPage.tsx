import { useTranslation } from 'react-i18next';
import { ProductPage } from './ProductPage.tsx';

/** /pledge/add?id=: subscribe to a staking product, with what it pays and when. */
export function PledgeAddPage() {
  const { t } = useTranslation('earn');
  return <ProductPage back={{ to: '/pledge/index', label: t('pledge.back') }} />;
}
