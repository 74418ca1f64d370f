import { Box } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EXTENSIONS, Toolbar } from '../fields/essay/EssayEditor';
import { EDITABLE_STYLE } from '../fields/essay/editor-look';
import { OwnValues, type RichTextHandover } from '../fields/essay/rich-text-stand-in';
import { takeOverStandIn } from '../fields/essay/take-over';
import { labelId } from '../templates/field-ids';

interface RichTextEditorProps extends WidgetProps {
  /** The stand-in to take over from (EditorWidget.tsx), until it has been. */
  handover?: RichTextHandover;
  /** The values this field reported itself, the stand-in's included. */
  own?: OwnValues;
}

/**
 * Long formatted text (`ui:widget: editor`, e.g. a scholarship's description): the essay's Tiptap
 * editor and toolbar inline. The value is an HTML string with only the tags the server's
 * sanitiser keeps (`sanitizeRichText` in @scholarmatch/schemas/html), which it sanitises again on
 * save; an empty editor is no answer.
 */
export function RichTextEditor({ handover, own: givenOwn, ...props }: RichTextEditorProps) {
  const { id, value, disabled, readonly, options } = props;
  const html = typeof value === 'string' ? value : '';
  const [own] = useState(() => givenOwn ?? new OwnValues());
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
      const next = current.isEmpty ? currentOptions.emptyValue : current.getHTML();
      if (typeof next === 'string') own.remember(next);
      onChange(next);
    },
    onBlur: ({ editor: current }) => latest.current.onBlur(id, current.getHTML()),
    onFocus: ({ editor: current }) => latest.current.onFocus(id, current.getHTML()),
  });

  const box = useRef<HTMLDivElement>(null);

  // A value set from outside (the stored answers arriving, a reset after a save) replaces the text;
  // the person's own typing (here or in the stand-in) coming back as the value is left alone.
  useEffect(() => {
    if (editor.isDestroyed || own.has(html)) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html, own]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!(disabled || readonly));
  }, [editor, disabled, readonly]);

  // Takes the stand-in's place in one step (take-over.ts), once, when the editor is there.
  useLayoutEffect(() => {
    if (handover) takeOverStandIn(editor, handover, () => box.current?.style.removeProperty('display'));
  }, [editor]);

  const rows = typeof options.rows === 'number' ? options.rows : 8;
  return (
    <Box
      ref={box}
      // Mounted out of sight behind the stand-in until it takes over.
      style={handover ? { display: 'none' } : undefined}
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
