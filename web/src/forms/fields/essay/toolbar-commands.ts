import type { Editor } from '@tiptap/react';
import type { ToolbarCommand } from './editor-look';

/** A toolbar button's command, on the text the person had selected. */
export function runToolbarCommand(editor: Editor, command: ToolbarCommand): void {
  const run = () => editor.chain().focus();
  const commands: Record<ToolbarCommand, () => boolean> = {
    bold: () => run().toggleBold().run(),
    italic: () => run().toggleItalic().run(),
    heading2: () => run().toggleHeading({ level: 2 }).run(),
    heading3: () => run().toggleHeading({ level: 3 }).run(),
    bulletList: () => run().toggleBulletList().run(),
    orderedList: () => run().toggleOrderedList().run(),
    undo: () => run().undo().run(),
    redo: () => run().redo().run(),
  };
  commands[command]();
}
