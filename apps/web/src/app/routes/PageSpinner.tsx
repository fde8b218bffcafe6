import { Spinner } from '../../shared/ui/Spinner.tsx';

/** Holds the page's place while something it needs is still being decided. */
export function PageSpinner() {
  return (
    <div className="page-spinner" aria-busy="true">
      <Spinner />
    </div>
  );
}
