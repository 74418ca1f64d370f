import { Box, Text } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { EDITABLE_STYLE, IDLE_TOOLBAR, ToolbarView, type ToolbarState } from './editor-look';
import { countWords, wordsLabel } from './essay-words';
import type { RichTextHandover } from './rich-text-stand-in';
import { takeOverStandIn } from './take-over';
import { runToolbarCommand } from './toolbar-commands';

/** What the drawer asks of the editor when the person is done. */
export interface EssayEditorHandle {
  /** The essay as HTML, or undefined when it has no words (so the required message can show). */
  html: () => string | undefined;
}

export interface EssayEditorProps {
  /**
   * What the editor shows. A new object replaces the content (the assistant's draft) as one step
   * that Undo can take back; re-renders with the same object leave the person's edits alone.
   */
  content: { html: string };
  /** The editable area's accessible name. */
  label: string;
  /** The stand-in to take over from (EssayWriter.tsx), until it has been: the editor stays hidden till then. */
  handover?: RichTextHandover;
  ref?: Ref<EssayEditorHandle>;
}

/**
 * Only what the server's rich-text sanitiser keeps (@scholarmatch/schemas/html): headings 2-3,
 * paragraphs, lists, bold, italic, underline, strike, code, quotes and links. No rules (`<hr>`).
 * Switching a StarterKit extension off does not make the chunk smaller: the kit imports them all.
 */
export const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    horizontalRule: false,
    link: { openOnClick: false },
  }),
];

/** The toolbar of a Tiptap editor: its state read from the editor, its commands run on it. */
export function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    // A destroyed editor (the drawer remounting it) has no schema left to ask.
    selector: ({ editor: current }): ToolbarState => current.isDestroyed ? IDLE_TOOLBAR : ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  return <ToolbarView state={state} onCommand={(command) => runToolbarCommand(editor, command)} />;
}

/**
 * The essay's rich-text editor (Tiptap): a formatting toolbar, the text, and a live word count.
 * Loaded on demand (React.lazy in EssayDrawer): Tiptap and ProseMirror are heavier than the rest of
 * the form, and only the people who write an essay need them.
 */
export default function EssayEditor({ content, label, handover, ref }: EssayEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: content.html,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label },
    },
  });
  const shown = useRef(content);
  const words = useEditorState({ editor, selector: ({ editor: current }) => (current.isDestroyed ? 0 : countWords(current.getText())) });

  useEffect(() => {
    if (shown.current === content) return;
    shown.current = content;
    editor.chain().setContent(content.html).focus('start').run();
  }, [editor, content]);

  const box = useRef<HTMLDivElement>(null);
  // Takes the stand-in's place in one step (take-over.ts), once, when the editor is there.
  useLayoutEffect(() => {
    if (handover) takeOverStandIn(editor, handover, () => box.current?.style.removeProperty('display'));
  }, [editor]);

  useImperativeHandle(
    ref,
    // The empty paragraph the editor keeps after a final list or heading (so there is somewhere to type) is not part of the essay.
    () => ({ html: () => (countWords(editor.getText()) > 0 ? editor.getHTML().replace(/(<p><\/p>)+$/, '') : undefined) }),
    [editor],
  );

  return (
    <Box ref={box} style={handover ? { display: 'none' } : undefined} display="flex" flexDirection="column" h="full" borderWidth="1px" rounded="md" overflow="hidden">
      <Toolbar editor={editor} />
      <Box data-rich-text-scroller="" flex="1" overflowY="auto" css={EDITABLE_STYLE}>
        <EditorContent editor={editor} style={{ height: '100%' }} />
      </Box>
      <Text px="3" py="1.5" textStyle="sm" color="fg.muted" borderTopWidth="1px">
        {wordsLabel(words)}
      </Text>
    </Box>
  );
}
