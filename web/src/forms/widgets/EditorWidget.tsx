import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useMemo, useState } from 'react';
import { asEditorHtml, OwnValues, RichTextStandIn, useRichTextStandIn } from '../fields/essay/rich-text-stand-in';
import { labelId } from '../templates/field-ids';

const loadEditor = () => import('./RichTextWidget');
const RichTextEditor = lazy(() => loadEditor().then((module) => ({ default: module.RichTextEditor })));

/**
 * Long formatted text (descriptions, messages): a rich-text editor (Tiptap, widgets/RichTextWidget.tsx).
 * Tiptap and ProseMirror weigh more than the rest of the form together, so until the person
 * reaches for the text a stand-in shows it, drawn like the editor and editable
 * (fields/essay/rich-text-stand-in.tsx): what is typed there is the field's value at once. The
 * editor's code loads when the pointer comes near or the text takes focus; it takes the stand-in's
 * place with the text, the caret, the focus and a toolbar button pressed meanwhile
 * (docs/performance.md, "Lazy widgets keep every keystroke").
 */
export default function EditorWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange } = props;
  const locked = Boolean(disabled || readonly);
  const html = typeof value === 'string' ? value : '';
  const shownHtml = useMemo(() => asEditorHtml(html), [html]);
  const [wanted, setWanted] = useState(false);
  const { waiting, handover, parts } = useRichTextStandIn();
  // Shared by the stand-in and the editor after it: what this field reported itself.
  const [own] = useState(() => new OwnValues());
  const rows = typeof options.rows === 'number' ? options.rows : 8;
  const report = (typed: string) => {
    const next = typed === '' ? options.emptyValue : typed;
    if (typeof next === 'string') own.remember(next);
    onChange(next);
  };

  return (
    <>
      {wanted ? (
        <Suspense fallback={null}>
          <RichTextEditor {...props} handover={waiting ? handover : undefined} own={own} />
        </Suspense>
      ) : null}
      {waiting ? (
        <RichTextStandIn
          parts={parts}
          html={shownHtml}
          keepText={own.has(html)}
          locked={locked}
          areaProps={{ id, 'aria-labelledby': labelId(id), 'aria-describedby': ariaDescribedByIds(id) }}
          onWanted={() => {
            if (locked) return;
            void loadEditor();
            setWanted(true);
          }}
          onTyped={report}
          minH={`${rows * 1.6}rem`}
          maxH="32rem"
        />
      ) : null}
    </>
  );
}
