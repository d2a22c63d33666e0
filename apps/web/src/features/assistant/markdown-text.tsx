import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";

/** App paths open in the app; anything else opens in a new tab, without access back to this page. */
const components: Components = {
  a: ({ href, children }) =>
    href?.startsWith("/") && !href.startsWith("//") ? (
      <Link to={href} className="font-medium underline underline-offset-4">
        {children}
      </Link>
    ) : (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium underline underline-offset-4"
      >
        {children}
      </a>
    ),
  // An image could call out to any address with the user's IP: shown as its text only.
  img: ({ alt }) => <span>{alt}</span>,
  ul: ({ children }) => <ul className="my-1 list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1 list-decimal pl-5">{children}</ol>,
  p: ({ children }) => <p className="my-1 first:mt-0 last:mb-0">{children}</p>,
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>,
  pre: ({ children }) => <pre className="my-1 overflow-x-auto rounded bg-muted p-2">{children}</pre>,
};

/**
 * The assistant's text as markdown. Raw HTML in a message is never rendered (`skipHtml`), and react-markdown's URL
 * filter drops `javascript:` and other unsafe links.
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Markdown skipHtml components={components}>
      {text}
    </Markdown>
  );
}
