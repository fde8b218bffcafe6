/**
 * A 24 h change in percent: the shared `Percent` cell (sign written and coloured, in the
 * reader's locale). Kept under this name for the pages that import it from here.
 */
export { Percent as ChangePercent } from '../../../shared/ui/numbers.tsx';
