import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Side as OrderSide } from '@meridian/core';
import { PlainButton } from '../../../../shared/ui/PlainButton.tsx';
import { phoneOrderDrawer } from './order-form-part.ts';
import styles from './trade.module.css';

/**
 * The phone's trading bar: Buy and Sell fixed at the bottom of the screen, under the
 * thumb, each opening the order form from the bottom on its side. The drawer and the form
 * are fetched when first wanted (a touch on either button starts it), and stay mounted
 * from then on; until they are here, the pressed button shows that they are coming.
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
  // Opened once (by a button, or a price picked in the book): mounted for good.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  const [ready, setReady] = useState(false);
  const markReady = useCallback(() => setReady(true), []);
  const [pressed, setPressed] = useState<OrderSide>('buy');
  const press = (side: OrderSide) => {
    setPressed(side);
    onOpen(side);
  };
  const waiting = (side: OrderSide) => open && !ready && pressed === side;
  return (
    <>
      <div
        className={styles.phoneBar}
        data-bottom-bar
        role="group"
        aria-label={t('trade.form.title')}
      >
        <PlainButton
          kind="up"
          className={styles.phoneSubmit}
          loading={waiting('buy')}
          onPointerDown={phoneOrderDrawer.preload}
          onClick={() => press('buy')}
        >
          {t('trade.form.buyTitle', { base: coin })}
        </PlainButton>
        <PlainButton
          kind="down"
          className={styles.phoneSubmit}
          loading={waiting('sell')}
          onPointerDown={phoneOrderDrawer.preload}
          onClick={() => press('sell')}
        >
          {t('trade.form.sellTitle', { base: coin })}
        </PlainButton>
      </div>
      {wanted ? (
        <phoneOrderDrawer.Part
          open={open}
          title={t('trade.form.title')}
          onClose={onClose}
          onReady={markReady}
        >
          {children}
        </phoneOrderDrawer.Part>
      ) : null}
    </>
  );
}
