import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { FileUploadControl } from './FileUploadControl';
import { uploadRulesOf } from './use-file-upload';

/**
 * A document (transcript, recommendation letter, CV): the file is uploaded as soon as it is
 * picked, and the answer is the upload's `publicUrl`.
 */
export default function UploadWidget(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange } = props;
  return (
    <FileUploadControl
      id={id}
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(publicUrl) => onChange(publicUrl ?? options.emptyValue)}
      rules={uploadRulesOf(options)}
      disabled={disabled || readonly}
      describedBy={ariaDescribedByIds(id)}
    />
  );
}
