import { Text } from '@chakra-ui/react';
import { lazy, Suspense, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import type { EssayEditorHandle } from './EssayEditor';
import { countWords, countWordsInHtml, wordsLabel } from './essay-words';
import { asEditorHtml, RichTextStandIn, useRichTextStandIn } from './rich-text-stand-in';

const EssayEditor = lazy(() => import('./EssayEditor'));

/** Fetches Tiptap ahead of the drawer (on hover or focus of "Write essay"). */
export function preloadTiptap(): void {
  void import('./EssayEditor');
}

interface EssayWriterProps {
  /** What to show; a new object replaces the text (the assistant's draft). */
  content: { html: string };
  /** The editable area's accessible name. */
  label: string;
  ref?: Ref<EssayEditorHandle>;
}

/**
 * The essay drawer's writing area: the stand-in (rich-text-stand-in.tsx), editable at once, until
 * Tiptap (EssayEditor.tsx) has loaded and takes over with the text, the caret and the focus.
 * "Done" reads whichever holds the essay.
 */
export default function EssayWriter({ content, label, ref }: EssayWriterProps) {
  const { waiting, handover, parts } = useRichTextStandIn();
  const editor = useRef<EssayEditorHandle>(null);
  const shownHtml = useMemo(() => asEditorHtml(content.html), [content]);
  const [words, setWords] = useState(() => countWordsInHtml(content.html));

  useImperativeHandle(
    ref,
    () => ({
      html: () => {
        if (!waiting) return editor.current?.html();
        const area = parts.area.current;
        return area && countWords(area.innerText) > 0 ? area.innerHTML : undefined;
      },
    }),
    [waiting, parts],
  );

  return (
    <>
      <Suspense fallback={null}>
        <EssayEditor ref={editor} content={content} label={label} handover={waiting ? handover : undefined} />
      </Suspense>
      {waiting ? (
        <RichTextStandIn
          parts={parts}
          html={shownHtml}
          areaProps={{ 'aria-label': label }}
          onWanted={() => undefined}
          onTyped={(html) => setWords(countWordsInHtml(html))}
          fill
          footer={
            <Text px="3" py="1.5" textStyle="sm" color="fg.muted" borderTopWidth="1px">
              {wordsLabel(words)}
            </Text>
          }
        />
      ) : null}
    </>
  );
}
