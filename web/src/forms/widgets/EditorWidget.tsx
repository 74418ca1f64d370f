import type { WidgetProps } from '@rjsf/utils';
import TextareaWidget from './TextareaWidget';

/**
 * Long formatted text (essays, descriptions).
 * TODO(requirement forms): replace with a rich-text editor (Tiptap). The value stays an HTML string,
 * which the server must sanitise when it stores it (`sanitizeRichText` in @scholarmatch/schemas/html).
 * Until then it is a roomy labelled textarea.
 */
export default function EditorWidget(props: WidgetProps) {
  return <TextareaWidget {...props} options={{ rows: 10, ...props.options }} />;
}
