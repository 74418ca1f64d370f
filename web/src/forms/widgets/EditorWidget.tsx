import { Box } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { EDITABLE_STYLE, IDLE_TOOLBAR, ToolbarView, type ToolbarCommand } from '../fields/essay/editor-look';
import { cleanServerHtml } from '../ServerHtml';
import { labelId } from '../templates/field-ids';

const loadEditor = () => import('./RichTextWidget');
const RichTextEditor = lazy(() => loadEditor().then((module) => ({ default: module.RichTextEditor })));

/** Tags ProseMirror keeps as blocks; anything else at the top is wrapped in a paragraph, as it does. */
const BLOCKS = new Set(['P', 'H2', 'H3', 'H4', 'UL', 'OL', 'BLOCKQUOTE', 'PRE']);

/** The stored HTML as the editor lays it out: top-level text in paragraphs, an empty paragraph one line high. */
function asEditorHtml(html: string): string {
  const body = new DOMParser().parseFromString(`<body>${cleanServerHtml(html)}</body>`, 'text/html').body;
  const blocks: string[] = [];
  let inline = '';
  const flush = () => {
    if (inline.trim()) blocks.push(`<p>${inline}</p>`);
    inline = '';
  };
  for (const node of Array.from(body.childNodes)) {
    if (node instanceof HTMLElement && BLOCKS.has(node.tagName)) {
      flush();
      blocks.push(node.outerHTML);
    } else if (node instanceof HTMLElement) {
      inline += node.outerHTML;
    } else if (node.nodeType === Node.TEXT_NODE) {
      const text = document.createElement('span');
      text.textContent = node.textContent;
      inline += text.innerHTML;
    }
  }
  flush();
  body.innerHTML = blocks.join('') || '<p></p>';
  collapseWhitespace(body);
  return body.innerHTML.replace(/<p><\/p>/g, '<p><br></p>');
}

/** As ProseMirror reads HTML: runs of white space as one space, none at the edges of a block (except in code blocks). */
function collapseWhitespace(root: HTMLElement): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    if (text.parentElement?.closest('pre')) continue;
    let value = (text.nodeValue ?? '').replace(/\s+/g, ' ');
    const block = text.parentElement?.closest('p, h2, h3, h4, li, blockquote');
    if (block && !previousText(text, block)) value = value.replace(/^ /, '');
    if (block && !nextText(text, block)) value = value.replace(/ $/, '');
    text.nodeValue = value;
  }
}

function previousText(text: Text, block: Element): boolean {
  const range = document.createRange();
  range.setStart(block, 0);
  range.setEndBefore(text);
  return range.toString().trim() !== '';
}

function nextText(text: Text, block: Element): boolean {
  const range = document.createRange();
  range.setStartAfter(text);
  range.setEnd(block, block.childNodes.length);
  return range.toString().trim() !== '';
}

/** What ProseMirror's own style sheet gives its editable area (Tiptap adds it when an editor starts). */
const PROSEMIRROR_STYLE = {
  position: 'relative',
  wordWrap: 'break-word',
  whiteSpace: 'break-spaces',
  fontVariantLigatures: 'none',
  fontFeatureSettings: '"liga" 0',
  '& pre': { whiteSpace: 'pre-wrap' },
} as const;

/**
 * Long formatted text (descriptions): a rich-text editor (Tiptap, widgets/RichTextWidget.tsx).
 * Tiptap and ProseMirror weigh more than the rest of the form together, so until the person
 * reaches for the text a stand-in shows it, drawn like the editor (the same box, toolbar and
 * text), and editable as plain HTML. The editor's code loads when the pointer comes near or the
 * text takes focus; it takes the stand-in's place with what was typed there, the focus, and a
 * toolbar button pressed meanwhile (docs/performance.md, "Web bundle").
 */
export default function EditorWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options } = props;
  const locked = Boolean(disabled || readonly);
  const html = typeof value === 'string' ? value : '';
  const shownHtml = useMemo(() => asEditorHtml(html), [html]);
  const [wanted, setWanted] = useState(false);
  const [waiting, setWaiting] = useState(true);
  const standIn = useRef<HTMLDivElement>(null);
  const pending = useRef<ToolbarCommand | null>(null);
  const preload = () => void loadEditor();
  const activate = () => setWanted(true);
  const rows = typeof options.rows === 'number' ? options.rows : 8;

  return (
    <>
      {wanted ? (
        <Suspense fallback={null}>
          <RichTextEditor
            {...props}
            handover={{
              standIn: () => standIn.current,
              shownHtml,
              pendingCommand: () => pending.current,
              waiting,
              done: () => setWaiting(false),
            }}
          />
        </Suspense>
      ) : null}
      {waiting ? (
        <Box
          data-rich-text-stand-in=""
          borderWidth="1px"
          rounded="md"
          overflow="hidden"
          bg="bg"
          w="full"
          aria-disabled={locked || undefined}
          onPointerEnter={preload}
        >
          {locked ? null : (
            <ToolbarView
              state={IDLE_TOOLBAR}
              onCommand={(command) => {
                pending.current = command;
                activate();
              }}
            />
          )}
          <Box css={EDITABLE_STYLE} minH={`${rows * 1.6}rem`} maxH="32rem" overflowY="auto">
            <Box
              ref={standIn}
              id={id}
              className="tiptap ProseMirror"
              css={PROSEMIRROR_STYLE}
              role="textbox"
              aria-multiline="true"
              aria-labelledby={labelId(id)}
              aria-describedby={ariaDescribedByIds(id)}
              translate="no"
              tabIndex={0}
              contentEditable={!locked}
              suppressContentEditableWarning
              onFocus={locked ? undefined : activate}
              dangerouslySetInnerHTML={{ __html: shownHtml }}
            />
          </Box>
        </Box>
      ) : null}
    </>
  );
}
