import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from '../../../shared/router/index.tsx';
import styles from '../content.module.css';

/** A link inside the app stays in it; any other opens apart, without the page's context. */
const components: Components = {
  a({ href, children }) {
    // A link the URL transform emptied (javascript:, data:) is plain text.
    if (!href) return <span>{children}</span>;
    if (href && href.startsWith('/') && !href.startsWith('//')) {
      return <Link to={href}>{children}</Link>;
    }
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  img({ src, alt }) {
    return <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" />;
  },
};

/**
 * An article's Markdown. react-markdown builds React elements from the Markdown syntax
 * tree and never renders raw HTML (no rehype-raw): a `<script>` or `<img onerror>` in
 * the database shows as text or not at all, and `javascript:` links are dropped by its
 * URL transform. Nothing here may add `dangerouslySetInnerHTML`.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown
        components={components}
        skipHtml
        urlTransform={(url) => defaultUrlTransform(url)}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
