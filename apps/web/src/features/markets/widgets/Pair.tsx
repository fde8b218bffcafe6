/** `BTC/USDT` with the quote quieter, as exchanges print a pair. */
export function PairName({ name }: { name: string }) {
  const [base, quote] = name.split('/');
  return (
    <span className="mkt-pair">
      {base}
      {quote ? <span className="mkt-pair-quote">/{quote}</span> : null}
    </span>
  );
}
