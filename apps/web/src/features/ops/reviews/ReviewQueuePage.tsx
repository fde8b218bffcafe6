import type { ComponentType } from 'react';
import type { ReviewKind } from '@meridian/contract/calls/reviews';
import { queueSpec } from './registry.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';

const pages = new Map<ReviewKind, ComponentType>();

/** /ops/reviews/<kind>: the one queue component with that kind's spec. */
export function queuePage(kind: ReviewKind): ComponentType {
  let page = pages.get(kind);
  if (!page) {
    const spec = queueSpec(kind);
    page = function ReviewQueuePage() {
      return <ReviewQueue spec={spec} />;
    };
    pages.set(kind, page);
  }
  return page;
}
