import { Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

const RichTextWidget = lazy(() => import('./RichTextWidget'));

/**
 * Long formatted text (descriptions): a rich-text editor (Tiptap, widgets/RichTextWidget.tsx),
 * whose code loads the first time a form shows one. Until it arrives, a disabled box with the
 * field's id keeps the label linked and the layout still.
 */
export default function EditorWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Textarea id={props.id} rows={8} disabled aria-busy="true" />}>
      <RichTextWidget {...props} />
    </Suspense>
  );
}
