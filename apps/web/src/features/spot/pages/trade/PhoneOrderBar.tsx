import { Button, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side as OrderSide } from '@meridian/core';
import { cx } from '../../../../shared/ui/cx.ts';
import styles from './trade.module.css';

/**
 * The phone's trading bar: Buy and Sell fixed at the bottom of the screen, under the
 * thumb, each opening the order form from the bottom on its side.
 */
export function PhoneOrderBar({
  base,
  open,
  onOpen,
  onClose,
  children,
}: {
  base: string;
  open: boolean;
  onOpen: (side: OrderSide) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('spot');
  const coin = base.toUpperCase();
  return (
    <>
      <div className={styles.phoneBar} role="group" aria-label={t('trade.form.title')}>
        <Button
          type="primary"
          className={cx(styles.tfSubmit, styles.tfSubmitBuy)}
          onClick={() => onOpen('buy')}
        >
          {t('trade.form.buyTitle', { base: coin })}
        </Button>
        <Button
          type="primary"
          className={cx(styles.tfSubmit, styles.tfSubmitSell)}
          onClick={() => onOpen('sell')}
        >
          {t('trade.form.sellTitle', { base: coin })}
        </Button>
      </div>
      <Drawer
        placement="bottom"
        open={open}
        onClose={onClose}
        title={t('trade.form.title')}
        size="auto"
        className={styles.phoneDrawer}
        // Kept once opened: what was typed is still there when the drawer opens again.
        forceRender
      >
        {children}
      </Drawer>
    </>
  );
}
