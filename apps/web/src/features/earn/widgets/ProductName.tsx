import { useTranslation } from 'react-i18next';
import { nameKey, type NamedProduct } from '../model/format.ts';

/** A product's name, made of its translated kind, coin and cycle. */
export function ProductName({ product }: { product: NamedProduct }) {
  const { t } = useTranslation('earn');
  return <>{t(nameKey(product), { coin: product.coin, days: product.cycleDays })}</>;
}
