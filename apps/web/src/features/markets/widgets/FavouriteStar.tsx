import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/ui/cx.ts';
import { PlainButton } from '../../../shared/ui/PlainButton.tsx';
import ui from '../../../shared/ui/market.module.css';
import { useStarred } from '../data/hooks.ts';

/** The star of one market; it reads only its own symbol's star. */
export function FavouriteStar({
  symbol,
  name,
  onToggle,
}: {
  symbol: string;
  name: string;
  onToggle: (symbol: string) => void;
}) {
  const { t } = useTranslation('markets');
  const { starred, pending } = useStarred(symbol);
  return (
    <PlainButton
      kind="text"
      size="small"
      className={cx(ui.star, starred && ui.starOn)}
      icon={starred ? <StarFilled /> : <StarOutlined />}
      aria-pressed={starred}
      // The star shows the user's choice at once; assistive tech hears it is being saved.
      aria-busy={pending}
      aria-label={t(starred ? 'market.unstar' : 'market.star', { name })}
      onClick={(event) => {
        // The row opens the market; the star only stars.
        event.stopPropagation();
        onToggle(symbol);
      }}
    />
  );
}
