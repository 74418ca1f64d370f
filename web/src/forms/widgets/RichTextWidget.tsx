import { Box } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { EDITABLE_STYLE, EXTENSIONS, Toolbar } from '../fields/essay/EssayEditor';
import { labelId } from '../templates/field-ids';

/**
 * Long formatted text (`ui:widget: editor`, e.g. a scholarship's description): the essay's Tiptap
 * editor and toolbar inline. The value is an HTML string with only the tags the server's
 * sanitiser keeps (`sanitizeRichText` in @scholarmatch/schemas/html), which it sanitises again on
 * save; an empty editor is no answer.
 */
export default function RichTextWidget(props: WidgetProps) {
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

  // A value set from outside (the stored answers arriving, a reset after a save) replaces the text;
  // the person's own typing comes back as the same HTML and is left alone.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!(disabled || readonly));
  }, [editor, disabled, readonly]);

  const rows = typeof options.rows === 'number' ? options.rows : 8;
  return (
    <Box borderWidth="1px" rounded="md" overflow="hidden" bg="bg" w="full" aria-disabled={disabled || readonly || undefined}>
      {disabled || readonly ? null : <Toolbar editor={editor} />}
      <Box css={EDITABLE_STYLE} minH={`${rows * 1.6}rem`} maxH="32rem" overflowY="auto">
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
