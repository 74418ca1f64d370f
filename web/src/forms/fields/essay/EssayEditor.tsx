import { Box, Button, HStack, Separator, Text } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { countWords, wordsLabel } from './essay-words';

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

/** Looks of the editable area: the same spacing as saved essays shown elsewhere (ServerHtml). */
export const EDITABLE_STYLE = {
  '& .tiptap': {
    minHeight: '100%',
    padding: '4',
    outline: 'none',
    lineHeight: 'tall',
  },
  // A keyboard user sees where typing goes (docs/accessibility.md).
  '& .tiptap:focus-visible': { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px', borderRadius: 'sm' },
  '& .tiptap p, & .tiptap ul, & .tiptap ol, & .tiptap blockquote, & .tiptap pre': { marginBlockEnd: '3' },
  '& .tiptap ul': { paddingInlineStart: '6', listStyleType: 'disc' },
  '& .tiptap ol': { paddingInlineStart: '6', listStyleType: 'decimal' },
  '& .tiptap h2': { fontSize: 'xl', fontWeight: 'semibold', marginBlock: '3' },
  '& .tiptap h3': { fontSize: 'lg', fontWeight: 'semibold', marginBlock: '3' },
  '& .tiptap a': { color: 'brand.fg', textDecoration: 'underline' },
  '& .tiptap blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
} as const;

/** A drawn icon, not the characters "1≡": a button's visible text must be part of its name (WCAG 2.5.3). */
function NumberedListIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 6h11M10 12h11M10 18h11" />
      <path d="M4 4.5 5.5 3.5v5M3.5 8.5h3.5M3.5 13.5a1.6 1.6 0 1 1 2.6 1.3L3.5 17.5h3.5" strokeWidth="1.4" />
    </svg>
  );
}

function ToolbarButton(props: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  const { label, active, disabled, onClick, children } = props;
  return (
    <Button
      size="sm"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      minW="9"
      px="2"
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keeps the selection in the text: the command applies to what the person had selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

const IDLE_TOOLBAR = { bold: false, italic: false, heading2: false, heading3: false, bulletList: false, orderedList: false, canUndo: false, canRedo: false };

/** The formatting toolbar, shared by the essay editor and the rich-text widget (widgets/RichTextWidget.tsx). */
export function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    // A destroyed editor (the drawer remounting it) has no schema left to ask.
    selector: ({ editor: current }) => current.isDestroyed ? IDLE_TOOLBAR : ({
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
  const run = () => editor.chain().focus();
  return (
    <HStack role="toolbar" aria-label="Formatting" gap="1" wrap="wrap" p="1" borderBottomWidth="1px">
      <ToolbarButton label="Bold" active={state.bold} onClick={() => run().toggleBold().run()}>
        <Text as="span" fontWeight="bold">B</Text>
      </ToolbarButton>
      <ToolbarButton label="Italic" active={state.italic} onClick={() => run().toggleItalic().run()}>
        <Text as="span" fontStyle="italic" fontFamily="serif">I</Text>
      </ToolbarButton>
      <Separator orientation="vertical" h="5" />
      <ToolbarButton label="H2 heading" active={state.heading2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolbarButton>
      <ToolbarButton label="H3 subheading" active={state.heading3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolbarButton>
      <Separator orientation="vertical" h="5" />
      <ToolbarButton label="Bulleted list" active={state.bulletList} onClick={() => run().toggleBulletList().run()}>
        •≡
      </ToolbarButton>
      <ToolbarButton label="Numbered list" active={state.orderedList} onClick={() => run().toggleOrderedList().run()}>
        <NumberedListIcon />
      </ToolbarButton>
      <Separator orientation="vertical" h="5" />
      <ToolbarButton label="Undo" disabled={!state.canUndo} onClick={() => run().undo().run()}>
        ↶
      </ToolbarButton>
      <ToolbarButton label="Redo" disabled={!state.canRedo} onClick={() => run().redo().run()}>
        ↷
      </ToolbarButton>
    </HStack>
  );
}

/**
 * The essay's rich-text editor (Tiptap): a formatting toolbar, the text, and a live word count.
 * Loaded on demand (React.lazy in EssayDrawer): Tiptap and ProseMirror are heavier than the rest of
 * the form, and only the people who write an essay need them.
 */
export default function EssayEditor({ content, label, ref }: EssayEditorProps) {
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

  useImperativeHandle(
    ref,
    // The empty paragraph the editor keeps after a final list or heading (so there is somewhere to type) is not part of the essay.
    () => ({ html: () => (countWords(editor.getText()) > 0 ? editor.getHTML().replace(/(<p><\/p>)+$/, '') : undefined) }),
    [editor],
  );

  return (
    <Box display="flex" flexDirection="column" h="full" borderWidth="1px" rounded="md" overflow="hidden">
      <Toolbar editor={editor} />
      <Box flex="1" overflowY="auto" css={EDITABLE_STYLE}>
        <EditorContent editor={editor} style={{ height: '100%' }} />
      </Box>
      <Text px="3" py="1.5" textStyle="sm" color="fg.muted" borderTopWidth="1px">
        {wordsLabel(words)}
      </Text>
    </Box>
  );
}
