import ui from '../../../shared/ui/market.module.css';

/** `BTC/USDT` with the quote quieter, as exchanges print a pair. */
export function PairName({ name }: { name: string }) {
  const [base, quote] = name.split('/');
  return (
    <span className={ui.pair}>
      {base}
      {quote ? <span className={ui.pairQuote}>/{quote}</span> : null}
    </span>
  );
}
