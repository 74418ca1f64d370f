import type { Editor } from '@tiptap/react';
import { runToolbarCommand } from './toolbar-commands';
import type { RichTextHandover } from './rich-text-stand-in';

/** Where a DOM point is, as child indexes from `root` (the stand-in and the editor draw the same tree). */
function pathFrom(root: Node, node: Node): number[] | null {
  const path: number[] = [];
  for (let current: Node = node; current !== root; ) {
    const parent = current.parentNode;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.childNodes, current));
    current = parent;
  }
  return path;
}

function follow(root: Node, path: number[]): Node | null {
  let node: Node | null = root;
  for (const index of path) node = node?.childNodes[index] ?? null;
  return node;
}

/** A point of the stand-in's selection as a position in the editor's document, if the same tree holds it. */
function positionOf(editor: Editor, standIn: HTMLElement, node: Node | null, offset: number): number | null {
  if (!node || !standIn.contains(node)) return null;
  const path = pathFrom(standIn, node);
  const twin = path && follow(editor.view.dom, path);
  if (!twin) return null;
  try {
    return editor.view.posAtDOM(twin, Math.min(offset, twin.nodeType === Node.TEXT_NODE ? (twin.nodeValue ?? '').length : twin.childNodes.length));
  } catch {
    return null;
  }
}

/**
 * The editor takes the stand-in's place (rich-text-stand-in.tsx) in one synchronous step, so no
 * keystroke can fall between them: the text typed there (white space as typed: a trailing space is
 * the space before the next word), then the editor is shown and the stand-in hidden, then the
 * caret and the focus, then a toolbar button pressed meanwhile. `show` makes the editor visible.
 * During an IME composition it waits for the composition to end.
 */
export function takeOverStandIn(editor: Editor, handover: RichTextHandover, show: () => void): void {
  handover.whenComposed(() => {
    if (editor.isDestroyed) return;
    const standIn = handover.standIn();
    const focused = Boolean(standIn?.contains(document.activeElement));
    const selection = window.getSelection();
    let range: { from: number; to: number } | null = null;
    if (standIn) {
      if (standIn.innerHTML !== handover.shownHtml()) {
        editor.commands.setContent(standIn.innerHTML, { emitUpdate: true, parseOptions: { preserveWhitespace: true } });
      }
      const from = selection ? positionOf(editor, standIn, selection.anchorNode, selection.anchorOffset) : null;
      const to = selection ? positionOf(editor, standIn, selection.focusNode, selection.focusOffset) : null;
      if (from !== null && to !== null) range = { from, to };
    }
    const scrolled = standIn?.parentElement?.scrollTop ?? 0;
    standIn?.closest<HTMLElement>('[data-rich-text-stand-in]')?.style.setProperty('display', 'none');
    show();
    const scroller = editor.view.dom.parentElement?.closest<HTMLElement>('[data-rich-text-scroller]');
    if (scroller) scroller.scrollTop = scrolled;
    if (focused) {
      if (range) editor.commands.setTextSelection(range);
      else editor.commands.setTextSelection(editor.state.doc.content.size);
      // ProseMirror's own focus is synchronous (Tiptap's `focus` command waits for a frame).
      editor.view.focus();
    }
    const command = handover.pendingCommand();
    if (command) runToolbarCommand(editor, command);
    handover.done();
  });
}
