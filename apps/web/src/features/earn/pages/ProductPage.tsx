import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../shared/router/index.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { useIsPhone } from '../../../shared/ui/useIsPhone.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { useProduct } from '../data/queries.ts';
import { MarginLendingNotice } from '../widgets/MarginLendingNotice.tsx';
import { ProductName } from '../widgets/ProductName.tsx';
import { ProductRules, ProductTerms } from '../widgets/ProductTerms.tsx';
import { SubscribeForm } from '../widgets/SubscribeForm.tsx';
import styles from '../widgets/earn.module.css';

/**
 * One product (`?id=`): every published term and its rules beside the subscription form.
 * /pledge/add and /finance/detail are this page for a staking or a finance product.
 */
export function ProductPage({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation('earn');
  const phone = useIsPhone();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const product = useProduct(id);
  const body = () => {
    if (id === '' || product.isError) {
      return (
        <Alert
          type="warning"
          showIcon
          title={id === '' ? t('pickProduct') : product.error?.message}
          action={
            <Link to={back.to}>
              <Button size="small">{back.label}</Button>
            </Link>
          }
        />
      );
    }
    if (!product.data) return <Skeleton active paragraph={{ rows: 8 }} />;
    const p = product.data;
    const terms = (
      <Panel title={t('terms')}>
        <ProductTerms product={p} />
      </Panel>
    );
    return (
      <>
        <div className={styles.head}>
          <h1>
            <ProductName product={p} />
          </h1>
          <Link to={back.to}>{back.label}</Link>
        </div>
        <MarginLendingNotice coin={p.coin} />
        <div className={styles.split}>
          {/* On a phone the form comes first: the terms it quotes follow under it. */}
          {phone ? null : terms}
          <Panel title={t('subscribe.title')}>
            <SubscribeForm product={p} />
          </Panel>
          {phone ? terms : null}
        </div>
        <Panel title={t('rulesTitle')}>
          <ProductRules product={p} />
        </Panel>
      </>
    );
  };
  return <div className={cx(styles.page, phone && styles.isPhone)}>{body()}</div>;
}
