import { UPLOAD_LIMITS } from '@scholarmatch/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { uploadFile, type UploadedFile, type UploadPurpose } from '../../api/uploads';

export interface UploadRules {
  purpose: UploadPurpose;
  /** Extensions the picker offers ('.pdf'); empty: any. */
  accept: string[];
  maxSizeBytes?: number;
}

/** The field's `ui:options` (`accept`, `maxSizeBytes`, `purpose`) as upload rules; documents unless told. */
export function uploadRulesOf(options: Record<string, unknown>): UploadRules {
  const accept = Array.isArray(options.accept) ? options.accept.filter((item): item is string => typeof item === 'string') : [];
  const purpose: UploadPurpose = options.purpose === 'image' ? 'image' : 'document';
  const maxSizeBytes = typeof options.maxSizeBytes === 'number' ? options.maxSizeBytes : undefined;
  return { purpose, accept, maxSizeBytes };
}

/**
 * Why a file is refused before it is sent, or null. Only a quick courtesy: the picker can be set
 * to "all files", and the server checks the bytes themselves either way.
 */
export function refusalOf(file: File, { purpose, accept, maxSizeBytes }: UploadRules): string | null {
  const name = file.name.toLowerCase();
  if (accept.length > 0 && !accept.some((extension) => name.endsWith(extension.toLowerCase()))) return UPLOAD_LIMITS[purpose].wrongType;
  if (maxSizeBytes !== undefined && file.size > maxSizeBytes) return UPLOAD_LIMITS[purpose].tooLarge;
  return null;
}

/** The server's description of a failed upload, or the timeout's sentence; anything else (offline) in general words. */
function failureOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong';
}

export interface FileUpload {
  /** The file being sent, while it is sent. */
  sending: { name: string; percent: number } | null;
  /** Why the last file was refused or failed; cleared by the next attempt. */
  error: string | null;
  start: (file: File) => void;
  cancel: () => void;
}

/**
 * One upload at a time: checks the file, sends it with progress, and hands the server's answer to
 * `onUploaded`. Cancelling (or leaving the page) aborts the transfer and reports nothing.
 */
export function useFileUpload(rules: UploadRules, onUploaded: (file: UploadedFile) => void): FileUpload {
  const [sending, setSending] = useState<FileUpload['sending']>(null);
  const [error, setError] = useState<string | null>(null);
  const transfer = useRef<AbortController | null>(null);
  // The latest callback and rules, so a transfer that started on an older render reports to the current one.
  const latest = useRef({ rules, onUploaded });
  latest.current = { rules, onUploaded };

  useEffect(() => () => transfer.current?.abort(), []);

  const start = useCallback((file: File) => {
    const refusal = refusalOf(file, latest.current.rules);
    setError(refusal);
    if (refusal) return;
    transfer.current?.abort();
    const controller = new AbortController();
    transfer.current = controller;
    setSending({ name: file.name, percent: 0 });
    uploadFile(file, {
      purpose: latest.current.rules.purpose,
      signal: controller.signal,
      onProgress: (fraction) => setSending({ name: file.name, percent: Math.round(fraction * 100) }),
    })
      .then((uploaded) => latest.current.onUploaded(uploaded))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failureOf(failure));
      })
      .finally(() => {
        if (transfer.current !== controller) return;
        transfer.current = null;
        setSending(null);
      });
  }, []);

  const cancel = useCallback(() => {
    transfer.current?.abort();
    transfer.current = null;
    setSending(null);
  }, []);

  return { sending, error, start, cancel };
}
