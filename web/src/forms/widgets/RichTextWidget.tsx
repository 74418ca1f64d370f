import { Box } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { EXTENSIONS, runToolbarCommand, Toolbar } from '../fields/essay/EssayEditor';
import { EDITABLE_STYLE, type ToolbarCommand } from '../fields/essay/editor-look';
import { labelId } from '../templates/field-ids';

/**
 * Long formatted text (`ui:widget: editor`, e.g. a scholarship's description): the essay's Tiptap
 * editor and toolbar inline. The value is an HTML string with only the tags the server's
 * sanitiser keeps (`sanitizeRichText` in @scholarmatch/schemas/html), which it sanitises again on
 * save; an empty editor is no answer.
 */
/**
 * What the stand-in (EditorWidget.tsx) hands over when the editor has loaded: its editable copy
 * (what was typed there while Tiptap loaded), whether it had focus, and a toolbar button pressed
 * meanwhile. `done` removes the stand-in.
 */
export interface StandInHandover {
  standIn: () => HTMLElement | null;
  shownHtml: string;
  pendingCommand: () => ToolbarCommand | null;
  /** Until `done`: the editor stays hidden. */
  waiting: boolean;
  done: () => void;
}

export function RichTextEditor({ handover, ...props }: WidgetProps & { handover?: StandInHandover }) {
  const { id, value, disabled, readonly, options } = props;
  const html = typeof value === 'string' ? value : '';
  // Tiptap keeps the callbacks it was created with: they read the latest props through this ref.
  const latest = useRef(props);
  latest.current = props;
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: html,
    editable: !(disabled || readonly),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId(id),
        'aria-describedby': ariaDescribedByIds(id),
      },
    },
    onUpdate: ({ editor: current }) => {
      const { onChange, options: currentOptions } = latest.current;
      onChange(current.isEmpty ? currentOptions.emptyValue : current.getHTML());
    },
    onBlur: ({ editor: current }) => latest.current.onBlur(id, current.getHTML()),
    onFocus: ({ editor: current }) => latest.current.onFocus(id, current.getHTML()),
  });

  const box = useRef<HTMLDivElement>(null);
  // Set when the stand-in's text replaced the value (see the hand-over below).
  const tookOver = useRef(false);

  // A value set from outside (the stored answers arriving, a reset after a save) replaces the text;
  // the person's own typing comes back as the same HTML and is left alone.
  useEffect(() => {
    if (editor.isDestroyed) return;
    // What was typed in the stand-in is newer than the value: it comes back as the value next.
    if (tookOver.current) {
      tookOver.current = false;
      return;
    }
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!(disabled || readonly));
  }, [editor, disabled, readonly]);

  // Takes the stand-in's place in one step (no paint, no keystroke in between): the text typed in
  // it while the editor loaded, the focus, then a toolbar button pressed meanwhile.
  useLayoutEffect(() => {
    if (!handover?.waiting || editor.isDestroyed) return;
    const standIn = handover.standIn();
    if (standIn) {
      const typed = standIn.innerHTML;
      const focused = standIn.contains(document.activeElement);
      if (typed !== handover.shownHtml) {
        tookOver.current = true;
        editor.commands.setContent(typed, { emitUpdate: true });
      }
      // Where the caret was: the editor is drawn exactly where the stand-in was, so the same point
      // on the screen is the same place in the text.
      const selection = window.getSelection();
      const caret = focused && selection?.rangeCount && standIn.contains(selection.anchorNode) ? selection.getRangeAt(0).getBoundingClientRect() : null;
      const scrolled = standIn.parentElement?.scrollTop ?? 0;
      standIn.closest<HTMLElement>('[data-rich-text-stand-in]')?.style.setProperty('display', 'none');
      box.current?.style.removeProperty('display');
      const scroller = editor.view.dom.closest<HTMLElement>('[data-rich-text-scroller]');
      if (scroller) scroller.scrollTop = scrolled;
      if (focused) {
        const at = caret && (caret.width || caret.height) ? editor.view.posAtCoords({ left: caret.left, top: caret.top + caret.height / 2 }) : null;
        if (at) editor.chain().focus().setTextSelection(at.pos).run();
        else editor.commands.focus('end');
      }
    }
    const command = handover.pendingCommand();
    if (command) runToolbarCommand(editor, command);
    handover.done();
    // Once, when the editor is there.
  }, [editor]);

  const rows = typeof options.rows === 'number' ? options.rows : 8;
  return (
    <Box
      ref={box}
      // Mounted out of sight behind the stand-in until it takes over.
      style={handover?.waiting ? { display: 'none' } : undefined}
      borderWidth="1px"
      rounded="md"
      overflow="hidden"
      bg="bg"
      w="full"
      aria-disabled={disabled || readonly || undefined}
    >
      {disabled || readonly ? null : <Toolbar editor={editor} />}
      <Box data-rich-text-scroller="" css={EDITABLE_STYLE} minH={`${rows * 1.6}rem`} maxH="32rem" overflowY="auto">
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

export default function RichTextWidget(props: WidgetProps) {
  return <RichTextEditor {...props} />;
}
