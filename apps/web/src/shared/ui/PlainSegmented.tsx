import { useId, type ReactNode } from 'react';
import styles from './segmented.module.css';

/**
 * A small segmented control drawn as antd's, without antd (the trade page's first screen
 * shows two): a group of radio buttons, so the arrow keys move the choice and a screen
 * reader hears one choice among several.
 */
export function PlainSegmented<V extends string>({
  value,
  options,
  onChange,
  className,
  ...aria
}: {
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  className?: string;
  'aria-label'?: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" className={`${styles.track} ${className ?? ''}`} {...aria}>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
