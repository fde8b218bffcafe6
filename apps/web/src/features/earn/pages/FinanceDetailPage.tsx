import { useTranslation } from 'react-i18next';
import { ProductPage } from './ProductPage.tsx';

/** /finance/detail?id=: a finance product's every term, its rules, and subscribing. */
export function FinanceDetailPage() {
  const { t } = useTranslation('earn');
  return <ProductPage back={{ to: '/finance/investment', label: t('finance.back') }} />;
}
