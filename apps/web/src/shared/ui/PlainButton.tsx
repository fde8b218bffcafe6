import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from '../router/index.tsx';
import { cx } from './cx.ts';
import styles from './button.module.css';

/** `up` and `down`: a buy and a sell, in the price colours (the trade page's bar). */
export type ButtonKind = 'primary' | 'default' | 'text' | 'up' | 'down';
export type ButtonSize = 'small' | 'middle' | 'large';

interface Look {
  kind?: ButtonKind;
  size?: ButtonSize;
  icon?: ReactNode;
  block?: boolean;
}

function lookClass({ kind = 'default', size = 'middle', block }: Look, iconOnly: boolean) {
  return cx(
    styles.button,
    kind !== 'default' && styles[kind],
    size !== 'middle' && styles[size],
    iconOnly && styles.iconOnly,
    block && styles.block,
  );
}

/**
 * A button drawn as antd's, without antd: the app shell, the home page and the quotes
 * page use it, so their first visit loads none of antd's theme engine. An icon-only
 * button needs an `aria-label`.
 */
export function PlainButton({
  kind,
  size,
  icon,
  block,
  loading = false,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: Look & { loading?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  // Loading: a spinning icon, and a press does nothing until it is done (as antd's).
  const shown = loading ? <LoadingOutlined spin /> : icon;
  return (
    <button
      {...rest}
      type={type}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      className={cx(lookClass({ kind, size, block }, !children), className)}
    >
      {shown ? (
        <span className={styles.icon} aria-hidden>
          {shown}
        </span>
      ) : null}
      {children}
    </button>
  );
}

/** A link that looks like a button (a place to go, not an action). */
export function ButtonLink({
  kind,
  size,
  icon,
  block,
  className,
  children,
  ...rest
}: Look & LinkProps) {
  return (
    <Link {...rest} className={cx(lookClass({ kind, size, block }, !children), className)}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      {children}
    </Link>
  );
}
