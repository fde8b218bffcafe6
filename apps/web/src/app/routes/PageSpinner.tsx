import { Spin } from 'antd';

/** Holds the page's place while something it needs is still being decided. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spin size="large" />
    </div>
  );
}
