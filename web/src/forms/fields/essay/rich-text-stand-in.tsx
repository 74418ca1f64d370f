import { Box } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import { cleanServerHtml } from '../../ServerHtml';
import { EDITABLE_STYLE, IDLE_TOOLBAR, ToolbarView, type ToolbarCommand } from './editor-look';

/**
 * The rich-text editors (the description's and the essay's) stand in for Tiptap until its code has
 * loaded: an editable area drawn like the editor, where the person can already type, paste and
 * compose. When Tiptap is there it takes the stand-in's place in one synchronous step, with the
 * text, the caret and the focus (take-over.ts; docs/performance.md, "Lazy widgets keep every
 * keystroke").
 */

/** What the stand-in hands to the editor that replaces it. */
export interface RichTextHandover {
  /** The stand-in's editable area. */
  standIn: () => HTMLElement | null;
  /** The HTML last put into the stand-in from outside: anything else in it was typed there. */
  shownHtml: () => string;
  /** A toolbar button pressed before the editor was there. */
  pendingCommand: () => ToolbarCommand | null;
  /** Runs `takeOver` now, or as soon as an IME composition in the stand-in has ended. */
  whenComposed: (takeOver: () => void) => void;
  /** The editor has taken over: the stand-in goes. */
  done: () => void;
}

/** Tags ProseMirror keeps as blocks; anything else at the top is wrapped in a paragraph, as it does. */
const BLOCKS = new Set(['P', 'H2', 'H3', 'H4', 'UL', 'OL', 'BLOCKQUOTE', 'PRE']);

/** The stored HTML as the editor lays it out: top-level text in paragraphs, an empty paragraph one line high. */
export function asEditorHtml(html: string): string {
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
    if (block && !textBeside(text, block, 'before')) value = value.replace(/^ /, '');
    if (block && !textBeside(text, block, 'after')) value = value.replace(/ $/, '');
    text.nodeValue = value;
  }
}

function textBeside(text: Text, block: Element, side: 'before' | 'after'): boolean {
  const range = document.createRange();
  if (side === 'before') {
    range.setStart(block, 0);
    range.setEndBefore(text);
  } else {
    range.setStartAfter(text);
    range.setEnd(block, block.childNodes.length);
  }
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

/** The stand-in's state and its hand-over, kept by the component that shows the editor (EditorWidget, EssayWriter). */
export function useRichTextStandIn() {
  const [waiting, setWaiting] = useState(true);
  const area = useRef<HTMLDivElement>(null);
  const shown = useRef('');
  const pending = useRef<ToolbarCommand | null>(null);
  const composing = useRef(false);
  const afterComposition = useRef<(() => void) | null>(null);
  const [handover] = useState<RichTextHandover>(() => ({
    standIn: () => area.current,
    shownHtml: () => shown.current,
    pendingCommand: () => pending.current,
    whenComposed: (takeOver) => {
      if (composing.current) afterComposition.current = takeOver;
      else takeOver();
    },
    done: () => setWaiting(false),
  }));
  const compositionEnded = () => {
    composing.current = false;
    const takeOver = afterComposition.current;
    afterComposition.current = null;
    takeOver?.();
  };
  return {
    waiting,
    handover,
    /** What `RichTextStandIn` needs of this state. */
    parts: { area, shown, pending, composing, compositionEnded },
  };
}

export type StandInParts = ReturnType<typeof useRichTextStandIn>['parts'];

interface RichTextStandInProps {
  parts: StandInParts;
  /** The HTML to show (already as the editor lays it out, `asEditorHtml`); a change from outside replaces the text. */
  html: string;
  /** `html` is the stand-in's own typing coming back as the field's value: the text is left alone. */
  keepText?: boolean;
  locked?: boolean;
  /** The editable area's id and accessible name, as the editor will have them. */
  areaProps: Record<string, string | undefined>;
  /** The person reached for the text (pointer near, focus, a toolbar button): time to load the editor. */
  onWanted: () => void;
  /** The stand-in's HTML after each change, '' when it has no text. */
  onTyped?: (html: string) => void;
  /** Sizes of the scrolling area, or `fill` to take the height it is given (the essay's drawer). */
  minH?: string;
  maxH?: string;
  fill?: boolean;
  footer?: ReactNode;
}

/** Pasted text goes in as plain paragraphs: the stand-in keeps no one else's markup (the editor's paste keeps formatting). */
function pastePlainText(event: ClipboardEvent<HTMLDivElement>): void {
  event.preventDefault();
  const lines = event.clipboardData.getData('text/plain').split(/\r?\n/);
  lines.forEach((line, index) => {
    if (index > 0) document.execCommand('insertParagraph');
    if (line) document.execCommand('insertText', false, line);
  });
}

/** The editor's look (toolbar, box, text) around an editable area that takes the typing until Tiptap has loaded. */
export function RichTextStandIn({ parts, html, keepText, locked, areaProps, onWanted, onTyped, minH, maxH, fill, footer }: RichTextStandInProps) {
  const { area, shown, pending, composing, compositionEnded } = parts;
  // The text is the browser's to edit: React never renders into it. A value set from outside (the
  // stored answer arriving, an assistant's draft) replaces it; the stand-in's own typing coming back does not.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element || keepText || html === shown.current) return;
    element.innerHTML = html;
    shown.current = html;
  }, [area, html, keepText, shown]);

  return (
    <Box
      data-rich-text-stand-in=""
      borderWidth="1px"
      rounded="md"
      overflow="hidden"
      bg="bg"
      w="full"
      display={fill ? 'flex' : undefined}
      flexDirection="column"
      h={fill ? 'full' : undefined}
      aria-disabled={locked || undefined}
      onPointerEnter={onWanted}
    >
      {locked ? null : (
        <ToolbarView
          state={IDLE_TOOLBAR}
          onCommand={(command) => {
            pending.current = command;
            onWanted();
          }}
        />
      )}
      <Box css={EDITABLE_STYLE} flex={fill ? '1' : undefined} minH={minH} maxH={maxH} overflowY="auto">
        <Box
          ref={area}
          {...areaProps}
          className="tiptap ProseMirror"
          css={PROSEMIRROR_STYLE}
          minH={fill ? '100%' : undefined}
          role="textbox"
          aria-multiline="true"
          translate="no"
          tabIndex={0}
          contentEditable={!locked}
          suppressContentEditableWarning
          onFocus={locked ? undefined : onWanted}
          onPaste={pastePlainText}
          onInput={(event) => {
            const element = event.currentTarget;
            onTyped?.(element.textContent?.trim() ? element.innerHTML : '');
          }}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={compositionEnded}
        />
      </Box>
      {footer}
    </Box>
  );
}

/**
 * The HTML values a widget has reported itself (typed in the stand-in or the editor), so that one
 * coming back as the field's value is not taken for a change from outside. A few are kept: a value
 * can come back after the next keystroke has already been reported.
 */
export class OwnValues {
  private readonly values: string[] = [];

  remember(value: string): void {
    this.values.push(value);
    if (this.values.length > 20) this.values.shift();
  }

  has(value: string): boolean {
    return this.values.includes(value);
  }
}
