import type { WidgetProps } from '@rjsf/utils';
import TextareaWidget from './TextareaWidget';

/**
 * Long formatted text (essays, descriptions).
 * TODO: replace with a rich-text editor; the server already sanitises stored HTML, so the value
 * format stays a string. Until then it is a roomy labelled textarea.
 */
export default function EditorWidget(props: WidgetProps) {
  return <TextareaWidget {...props} options={{ rows: 10, ...props.options }} />;
}
