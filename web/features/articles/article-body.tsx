import type { ComponentPropsWithoutRef } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';

/** Link targets kept in a body: absolute http(s) addresses and mail addresses; anything else is dropped. */
const LINK_PATTERN = /^(?:https?:\/\/|mailto:)/i;
/** Pictures only from absolute http(s) addresses. */
const IMAGE_PATTERN = /^https?:\/\//i;

function isAllowed(url: string, pattern: RegExp): boolean {
  if (!pattern.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'mailto:' || ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '');
  } catch {
    return false;
  }
}

// Returning undefined removes the attribute: javascript:, data:, relative and odd addresses never reach the page.
export const safeUrl: UrlTransform = (url, key) => {
  const trimmed = url.trim();
  if (key === 'src') return isAllowed(trimmed, IMAGE_PATTERN) ? trimmed : undefined;
  if (key === 'href') return isAllowed(trimmed, LINK_PATTERN) ? trimmed : undefined;
  return undefined;
};

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & { node?: unknown };

// The page title is the only <h1>: body headings start one level lower.
const components: Components = {
  h1: ({ node: _node, ...props }: Props<'h2'>) => <h2 className="mt-8 mb-3 text-2xl font-bold text-slate-900" {...props} />,
  h2: ({ node: _node, ...props }: Props<'h3'>) => <h3 className="mt-7 mb-3 text-xl font-bold text-slate-900" {...props} />,
  h3: ({ node: _node, ...props }: Props<'h4'>) => <h4 className="mt-6 mb-2 text-lg font-semibold text-slate-900" {...props} />,
  h4: ({ node: _node, ...props }: Props<'h5'>) => <h5 className="mt-5 mb-2 font-semibold text-slate-900" {...props} />,
  h5: ({ node: _node, ...props }: Props<'h6'>) => <h6 className="mt-4 mb-2 font-semibold text-slate-800" {...props} />,
  h6: ({ node: _node, ...props }: Props<'h6'>) => <h6 className="mt-4 mb-2 font-semibold text-slate-700" {...props} />,
  p: ({ node: _node, ...props }: Props<'p'>) => <p className="my-4 leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }: Props<'ul'>) => <ul className="my-4 list-disc space-y-1 ps-6" {...props} />,
  ol: ({ node: _node, ...props }: Props<'ol'>) => <ol className="my-4 list-decimal space-y-1 ps-6" {...props} />,
  blockquote: ({ node: _node, ...props }: Props<'blockquote'>) => (
    <blockquote className="my-4 border-s-4 border-brand-600/40 ps-4 text-slate-600 italic" {...props} />
  ),
  pre: ({ node: _node, ...props }: Props<'pre'>) => <pre className="my-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100" {...props} />,
  code: ({ node: _node, ...props }: Props<'code'>) => (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] [pre_&]:bg-transparent [pre_&]:p-0" {...props} />
  ),
  hr: ({ node: _node, ...props }: Props<'hr'>) => <hr className="my-8 border-slate-200" {...props} />,
  a: ({ node: _node, href, children, ...props }: Props<'a'>) => {
    if (!href) return <span>{children}</span>;
    const external = /^https?:/i.test(href);
    return (
      <a
        {...props}
        href={href}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    );
  },
  img: ({ node: _node, src, alt }: Props<'img'>) =>
    typeof src === 'string' && src ? (
      <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" className="my-6 max-h-[32rem] w-auto max-w-full rounded-xl" />
    ) : null,
};

/**
 * An article body written in Markdown. Raw HTML is never interpreted (react-markdown shows it as
 * text), and links and pictures keep only safe addresses.
 */
export function ArticleBody({ markdown }: { markdown: string }) {
  return (
    <div className="text-base break-words text-slate-800" dir="auto" data-testid="article-body">
      <Markdown urlTransform={safeUrl} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}

export default ArticleBody;
