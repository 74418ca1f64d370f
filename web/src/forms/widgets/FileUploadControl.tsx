import { Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { downloadUploadedFile, uploadInfoQueryOptions, type UploadedFile } from '../../api/uploads';
import { useFileUpload, type UploadRules } from './use-file-upload';

export interface FileUploadControlProps {
  /** The file input's id: a `<label for>` with it names the picker. */
  id: string;
  /** The stored upload's `publicUrl`. */
  value: string | undefined;
  onChange: (publicUrl: string | undefined) => void;
  rules: UploadRules;
  disabled?: boolean;
  /** Ids of the texts that describe the field (RJSF's help and errors). */
  describedBy?: string;
  /** The picker's name when no `<label for>` names it. */
  inputLabel?: string;
  /** The button that opens the picker when nothing is uploaded yet. */
  chooseLabel?: string;
  /** Actions offered before that button (the essay's "Write essay"). */
  children?: ReactNode;
}

function sizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** "PDF, DOC or DOCX, up to 2 MB" from the field's rules. */
function rulesText({ accept, maxSizeBytes }: UploadRules): string {
  const types = accept.map((extension) => extension.replace(/^\./, '').toUpperCase());
  const typeText = types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types.at(-1)}` : types[0];
  const sizePart = maxSizeBytes ? `up to ${sizeText(maxSizeBytes)}` : '';
  return [typeText, sizePart].filter(Boolean).join(', ');
}

/** A stored value whose name this page never saw (a saved draft): say what it is. */
function nameOf(value: string): string {
  return value.startsWith('/api/') ? 'Uploaded file' : value;
}

/** The bar while a file is sent, with its percentage and a way to stop. */
function UploadProgress({ name, percent, onCancel }: { name: string; percent: number; onCancel: () => void }) {
  return (
    <HStack w="full" gap="3" align="center">
      <Progress.Root value={percent} max={100} flex="1" size="sm" colorPalette="brand">
        <HStack justify="space-between" mb="1">
          <Progress.Label textStyle="sm" truncate>
            Uploading {name}
          </Progress.Label>
          <Progress.ValueText textStyle="sm">{percent}%</Progress.ValueText>
        </HStack>
        <Progress.Track aria-label={`Uploading ${name}`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}

/**
 * Picks one file and uploads it with a progress bar; once uploaded, names the file with ways to
 * open, replace or remove it. A failure (refused before sending, or the server's description)
 * shows under the control. Replacing keeps the old file until the new one has arrived.
 */
export function FileUploadControl(props: FileUploadControlProps) {
  const { id, value, onChange, rules, disabled, describedBy, inputLabel, chooseLabel = 'Choose file', children } = props;
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [uploaded, setUploaded] = useState<Pick<UploadedFile, 'publicUrl' | 'name'> | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [refocus, setRefocus] = useState(false);
  const upload = useFileUpload(rules, (file) => {
    setUploaded(file);
    onChange(file.publicUrl);
  });
  const statusId = `${id}__upload-status`;
  const notice = upload.error ?? openError;
  const describedByAll = [describedBy, notice ? statusId : ''].filter(Boolean).join(' ') || undefined;

  // After Remove or Cancel the button that had focus is gone: hand focus to the picker's button.
  useEffect(() => {
    if (!refocus || upload.sending) return;
    chooseButton.current?.focus();
    setRefocus(false);
  }, [refocus, upload.sending]);

  const choose = () => input.current?.click();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again (after a failure) is still a change.
    event.target.value = '';
    setOpenError(null);
    if (file) upload.start(file);
  };
  const remove = () => {
    setUploaded(null);
    onChange(undefined);
    setRefocus(true);
  };
  const cancel = () => {
    upload.cancel();
    setRefocus(true);
  };
  const justUploaded = value !== undefined && uploaded?.publicUrl === value;
  const stored = useQuery({ ...uploadInfoQueryOptions(justUploaded ? undefined : value) });
  const name = justUploaded ? uploaded.name : value ? (stored.data?.name ?? nameOf(value)) : '';
  const download = () => {
    if (!value) return;
    setOpenError(null);
    downloadUploadedFile(value, name).catch((error: unknown) =>
      setOpenError(error instanceof ApiError ? error.message : 'Something went wrong'),
    );
  };

  return (
    <Stack gap="2" align="start" w="full">
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={rules.accept.join(',') || undefined}
        disabled={disabled || upload.sending !== null}
        aria-label={inputLabel}
        aria-describedby={describedByAll}
        onChange={pick}
      />
      {upload.sending ? (
        <UploadProgress name={upload.sending.name} percent={upload.sending.percent} onCancel={cancel} />
      ) : value ? (
        <HStack gap="3" wrap="wrap">
          <Link asChild colorPalette="brand" fontWeight="medium">
            <button type="button" onClick={download} aria-label={`Download ${name}`}>
              {name}
            </button>
          </Link>
          {disabled ? null : (
            <>
              <Button ref={chooseButton} size="xs" variant="outline" onClick={choose} aria-describedby={describedByAll}>
                Replace
              </Button>
              <Button size="xs" variant="ghost" onClick={remove}>
                Remove
              </Button>
            </>
          )}
        </HStack>
      ) : disabled ? (
        <Text textStyle="sm" color="fg.muted">
          No file uploaded
        </Text>
      ) : (
        <HStack gap="3" wrap="wrap">
          {children}
          <Button ref={chooseButton} size="sm" variant="outline" onClick={choose} aria-describedby={describedByAll}>
            {chooseLabel}
          </Button>
          {rules.accept.length || rules.maxSizeBytes ? (
            <Text textStyle="xs" color="fg.muted">
              {rulesText(rules)}
            </Text>
          ) : null}
        </HStack>
      )}
      {notice ? (
        <Text id={statusId} role="alert" color="fg.error" textStyle="sm">
          {notice}
        </Text>
      ) : null}
    </Stack>
  );
}
