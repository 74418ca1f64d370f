import type { WidgetProps } from '@rjsf/utils';

/**
 * A document (transcript, recommendation letter), stored as the link to the uploaded file.
 * TODO: replace with a real upload (file picker, `ui:options.accept` / `maxSizeBytes`, progress);
 * until uploads exist the person pastes a link to the document.
 */
export default function UploadWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return <BaseInputTemplate {...props} type="url" placeholder={props.placeholder || 'https://…'} />;
}
