import { Box, Button, Fieldset, Text } from '@chakra-ui/react';
import { ariaDescribedByIds, descriptionId, getUiOptions, helpId, type ErrorSchema, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { ServerHtml } from '../ServerHtml';
import { EssayDrawer, preloadEssayEditor } from './essay/EssayDrawer';
import { countWordsInHtml, wordsLabel } from './essay/essay-words';
import { FileUploadControl } from '../widgets/FileUploadControl';
import { uploadRulesOf } from '../widgets/use-file-upload';

/** The essay answer: written in the editor (`text`, HTML) or uploaded as a file (`url`). */
type Essay = { text: string } | { url: string };

/** An essay file: the original document rules, unless the field's `ui:options` say otherwise. */
const ESSAY_FILE = { accept: ['.pdf', '.doc', '.docx'], maxSizeBytes: 2 * 1024 * 1024 };

function essayOf(value: unknown): Essay | undefined {
  const essay = value as { text?: unknown; url?: unknown } | null | undefined;
  if (typeof essay?.text === 'string' && essay.text !== '') return { text: essay.text };
  if (typeof essay?.url === 'string' && essay.url !== '') return { url: essay.url };
  return undefined;
}

/** Messages about the parts (`essay.text`, `essay.url`), e.g. from the server; the field's own show below it. */
function partErrors(errorSchema: ErrorSchema | undefined): string[] {
  const parts = errorSchema as Record<string, { __errors?: string[] }> | undefined;
  return [...(parts?.text?.__errors ?? []), ...(parts?.url?.__errors ?? [])];
}

function optionalString(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * A scholarship's essay (`ui:field: essay`). Shows where the essay stands (none yet, N words
 * written, or the uploaded file) with "Write essay", which opens the editor drawer, and "Upload
 * essay instead". Either answer replaces the other. When the form is read-only the written essay
 * is shown as it was saved.
 */
export default function EssayField(props: FieldProps) {
  const { fieldPathId, formData, schema, uiSchema, name, required, disabled, readonly, errorSchema, registry, onChange } = props;
  const id = fieldPathId.$id;
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const minWords = typeof options.minWords === 'number' ? options.minWords : undefined;
  // A provider's word limit (docs/providers.md, "Requirements"): enforced by the schema, shown here.
  const maxWords = typeof options.maxWords === 'number' ? options.maxWords : undefined;
  const scholarshipId = optionalString(options.scholarshipId);
  const title = String(schema.title ?? options.title ?? name);
  const essay = essayOf(formData);
  const text = essay && 'text' in essay ? essay.text : '';
  const url = essay && 'url' in essay ? essay.url : undefined;
  const locked = Boolean(disabled || readonly);
  const errors = partErrors(errorSchema);
  // Each opening mounts a fresh drawer: what was typed and cancelled last time is not carried over.
  const [drawer, setDrawer] = useState({ open: false, opening: 0 });

  const report = (next: Essay | undefined) => onChange(next, fieldPathId.path, undefined, id);
  const openDrawer = () => setDrawer(({ opening }) => ({ open: true, opening: opening + 1 }));
  const closeDrawer = () => setDrawer((current) => ({ ...current, open: false }));
  // An empty editor clears a written essay (so 'Please add essay!' shows) but keeps an uploaded one.
  const finishWriting = (html: string | undefined) => {
    if (html !== undefined) report({ text: html });
    else if (!url) report(undefined);
  };

  return (
    <Fieldset.Root w="full" gap="2" aria-describedby={ariaDescribedByIds(id)}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {title}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden="true" ms="1">
            *
          </Text>
        ) : null}
      </Fieldset.Legend>
      {schema.description ? (
        <Text id={descriptionId(id)} textStyle="sm" color="fg.muted">
          {schema.description}
        </Text>
      ) : null}
      {/* FieldTemplate leaves a group's help to the group: a requirement's description arrives as `ui:help`. */}
      {typeof options.help === 'string' && options.help ? (
        <Text id={helpId(id)} textStyle="sm" color="fg.muted">
          {options.help}
        </Text>
      ) : null}
      {url ? null : (
        <Text textStyle="sm">
          {text ? `${wordsLabel(countWordsInHtml(text))} written` : 'No essay yet'}
          {maxWords ? ` · at most ${wordsLabel(maxWords)}` : ''}
        </Text>
      )}
      {locked && text ? (
        <ServerHtml html={text} maxH="96" overflowY="auto" borderWidth="1px" rounded="md" p="4" />
      ) : null}
      {locked && !url ? null : (
        <FileUploadControl
          id={`${id}_file`}
          value={url}
          onChange={(publicUrl) => report(publicUrl ? { url: publicUrl } : undefined)}
          rules={uploadRulesOf({ ...ESSAY_FILE, ...options, purpose: 'document' })}
          disabled={locked}
          describedBy={ariaDescribedByIds(id)}
          inputLabel={`${title} file`}
          chooseLabel="Upload essay instead"
        >
          {locked ? null : (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={openDrawer}
              onPointerEnter={preloadEssayEditor}
              onFocus={preloadEssayEditor}
              aria-describedby={ariaDescribedByIds(id)}
            >
              {text ? 'Edit essay' : 'Write essay'}
            </Button>
          )}
        </FileUploadControl>
      )}
      {errors.length ? (
        <Box color="fg.error" textStyle="sm">
          {errors.map((message, index) => (
            <Text key={index}>{message}</Text>
          ))}
        </Box>
      ) : null}
      {drawer.opening > 0 ? (
        <EssayDrawer
          key={drawer.opening}
          open={drawer.open}
          onClose={closeDrawer}
          title={title}
          initialHtml={text}
          minWords={minWords}
          maxWords={maxWords}
          scholarshipId={scholarshipId}
          onDone={finishWriting}
        />
      ) : null}
    </Fieldset.Root>
  );
}
