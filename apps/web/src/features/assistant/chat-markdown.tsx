import { lazy, Suspense } from "react";

const MarkdownText = lazy(() => import("./markdown-text").then(({ MarkdownText }) => ({ default: MarkdownText })));

/**
 * The assistant's text as markdown (`markdown-text.tsx`). The markdown parser is a third of the chat's code: it loads
 * with the first message to show, so a dashboard whose chat is empty does not download it. Until then the text shows
 * as it is.
 */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="my-1 whitespace-pre-wrap">{text}</p>}>
      <MarkdownText text={text} />
    </Suspense>
  );
}
