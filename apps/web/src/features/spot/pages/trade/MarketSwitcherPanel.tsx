import { SearchOutlined } from '@ant-design/icons';
import { Popover, Segmented } from 'antd';
import { TextInput } from '../../../../shared/ui/TextInput.ts';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../../shared/router/index.tsx';
import { useStore } from 'zustand';
import type { MarketRow } from '@meridian/contract/calls/market';
import {
  useMarketLayer,
  useTicker,
  rowSymbol,
  useFavouriteToggle,
  ChangePercent,
  FavouriteStar,
  PairName,
} from '../../../markets/index.ts';
import { Price } from '../../../../shared/ui/numbers.tsx';
import { useSession } from '../../../../shared/session/store.ts';
import styles from './trade.module.css';
import { cx } from '../../../../shared/ui/cx.ts';
import ui from '../../../../shared/ui/market.module.css';

type Tab = 'all' | 'favourites';

/** One market of the list; it repaints only when its own market ticks. */
function SwitchRow({
  row,
  current,
  onPick,
  onStar,
}: {
  row: MarketRow;
  current: boolean;
  onPick: (symbol: string) => void;
  onStar: (symbol: string) => void;
}) {
  const symbol = rowSymbol(row);
  const ticker = useTicker(symbol);
  return (
    <li className={cx(styles.msRow, current && styles.isCurrent)} data-symbol={symbol}>
      <FavouriteStar symbol={symbol} name={row.symbol_name} onToggle={onStar} />
      <button
        type="button"
        className={styles.msPick}
        onClick={() => onPick(symbol)}
        aria-current={current || undefined}
      >
        <PairName name={row.symbol_name} />
        <Price value={ticker?.close ?? row.close} decimals={row.part_cou} />
        <ChangePercent value={ticker?.priceChangePercent ?? row.zdf} />
      </button>
    </li>
  );
}

/**
 * The market switcher's list in its popover: a searchable list of the spot markets with
 * their last price and 24 h change, all or only the user's favourites. Loaded when the
 * switcher is first wanted (MarketSwitcher), with its search field and popover.
 */
export function MarketSwitcherPanel({
  symbol,
  rows,
  onSwitch,
  open,
  onOpenChange,
  children,
}: {
  symbol: string;
  rows: MarketRow[];
  onSwitch: (symbol: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The switcher's button, which the popover opens from. */
  children: ReactElement;
}) {
  const { t } = useTranslation(['spot', 'markets']);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const { favourites } = useMarketLayer();
  const starred = useStore(favourites.store, (s) => s.starred);
  const isLogin = useSession((s) => s.isLogin);
  const toggle = useFavouriteToggle();
  const { pathname, search: query } = useLocation();
  const needle = search.trim().toUpperCase();
  const shown = rows.filter(
    (row) =>
      (tab === 'all' || starred[rowSymbol(row)] === true) &&
      (needle === '' || row.symbol_name.toUpperCase().includes(needle)),
  );
  const pick = (next: string) => {
    onOpenChange(false);
    setSearch('');
    onSwitch(next);
  };
  const content = (
    <div className={styles.msPanel}>
      <TextInput
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('trade.switcher.search')}
        aria-label={t('trade.switcher.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Segmented<Tab>
        block
        size="small"
        value={tab}
        onChange={setTab}
        options={[
          { value: 'all', label: t('trade.switcher.all') },
          { value: 'favourites', label: t('trade.switcher.favourites') },
        ]}
      />
      <div className={`${styles.msHead} ${ui.muted}`}>
        <span>{t('market.col.pair')}</span>
        <span className="num">{t('market.col.lastPrice')}</span>
        <span className="num">{t('market.col.change24h')}</span>
      </div>
      {tab === 'favourites' && !isLogin ? (
        <p className={`${styles.msNote} ${ui.muted}`}>
          <Link to={`/user/login?redirect=${encodeURIComponent(pathname + query)}`}>
            {t('trade.switcher.login')}
          </Link>
        </p>
      ) : shown.length === 0 ? (
        <p className={`${styles.msNote} ${ui.muted}`}>
          {tab === 'favourites' && needle === ''
            ? t('trade.switcher.noFavourites')
            : t('trade.switcher.none')}
        </p>
      ) : (
        <ul className={styles.msList}>
          {shown.map((row) => (
            <SwitchRow
              key={rowSymbol(row)}
              row={row}
              current={rowSymbol(row) === symbol}
              onPick={pick}
              onStar={toggle}
            />
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomLeft"
      content={content}
      arrow={false}
    >
      {children}
    </Popover>
  );
}
