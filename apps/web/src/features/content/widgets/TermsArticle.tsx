import { useArticle } from '../data/queries.ts';
import { Markdown } from './Markdown.tsx';
import { QueryBlock } from './QueryBlock.tsx';

/** The terms of service as the operators published them, for pages that show them inline. */
export function TermsArticle() {
  const terms = useArticle('terms', 'terms-of-service');
  return <QueryBlock query={terms}>{(a) => <Markdown>{a.body}</Markdown>}</QueryBlock>;
}
