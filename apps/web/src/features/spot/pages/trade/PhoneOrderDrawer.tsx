import { Drawer } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import styles from './trade.module.css';

/** The phone's order form drawer, from the bottom (loaded when first opened). */
export function PhoneOrderDrawer({
  open,
  title,
  onClose,
  onReady,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Told once the drawer is mounted, so the bar stops showing that it is on its way. */
  onReady: () => void;
  children: ReactNode;
}) {
  useLayoutEffect(() => onReady(), [onReady]);
  return (
    <Drawer
      placement="bottom"
      open={open}
      onClose={onClose}
      title={title}
      size="auto"
      className={styles.phoneDrawer}
      // Kept once opened: what was typed is still there when the drawer opens again.
      forceRender
    >
      {children}
    </Drawer>
  );
}
