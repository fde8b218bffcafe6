import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { opsFile } from '@meridian/contract/calls/reviews';
import { useOpsApi } from '../session/context.tsx';
import { opsKeys } from '../session/keys.ts';

/** The bytes of a base64 text, as the envelope carries a file. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * A file fetched through an audited operator call (each fetch is an audit row), turned
 * into a blob and shown through an object URL that lives only in this page; there is no
 * public address to leak. The URL is revoked when the image leaves the screen.
 */
export function useAuditedImage(
  queryKey: readonly unknown[],
  fetchFile: () => Promise<{ base64: string; mime: string }>,
  enabled: boolean,
) {
  const file = useQuery({
    queryKey,
    queryFn: fetchFile,
    enabled,
    // Each fetch is an audited view: not again on every mount or focus.
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const url = useMemo(
    () =>
      file.data
        ? URL.createObjectURL(new Blob([base64Bytes(file.data.base64)], { type: file.data.mime }))
        : null,
    [file.data],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, file };
}

/** A user's document for review, through the operator file route. */
export function useDocumentImage(fileId: string, enabled: boolean) {
  const api = useOpsApi();
  return useAuditedImage(
    opsKeys.file(fileId),
    () => api.quiet(opsFile, { params: { id: fileId } }),
    enabled,
  );
}
